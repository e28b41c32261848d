/** Request examples that succeed as they stand against the demo data (QA runs them from Swagger UI). */
export const REGISTRATION_EXAMPLES = {
  basic: {
    summary: 'Individual on PKG-ACME-BASIC (demo@acme.test)',
    value: {
      packageId: 'PKG-ACME-BASIC',
      name: 'Juan Carlos',
      lastName: 'Hernández',
      secondLastName: 'López',
      birthDate: '1990-05-17',
      nationality: 'MX',
      gender: 'H',
      rfc: 'HELJ900517AB1',
      curp: 'HELJ900517HDFRPN09',
      email: 'juan.hernandez@example.com',
      phone: '+525512345678',
    },
  },
  full: {
    summary: 'Individual on PKG-ACME-FULL, with credit report consent',
    value: {
      packageId: 'PKG-ACME-FULL',
      name: 'María Fernanda',
      lastName: 'García',
      secondLastName: 'Ruiz',
      birthDate: '1988-11-03',
      nationality: 'MX',
      gender: 'M',
      rfc: 'GARM881103QW2',
      curp: 'GARM881103MJCRZR05',
      consentNIP: '4888',
    },
  },
  corporate: {
    summary: 'Company on PKG-ACME-FULL (no personal references)',
    value: {
      packageId: 'PKG-ACME-FULL',
      personType: 'corporate',
      nationality: 'MX',
      rfc: 'CNO150210AB3',
      consentNIP: '1850',
      regime: 'Régimen General de Ley Personas Morales',
      businessName: 'Comercializadora del Norte S.A. de C.V.',
    },
  },
};

export const CANDIDATE_INPUT_EXAMPLES = {
  documents: {
    summary: 'Documentos',
    value: {
      documents: [
        {
          type: 'INE',
          fileName: 'ine.pdf',
          sha256: 'a3f5c1d2e4b6a7980c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b',
        },
        {
          type: 'COMPROBANTE_DOMICILIO',
          fileName: 'domicilio.pdf',
          sha256: 'b3f5c1d2e4b6a7980c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3c',
        },
      ],
    },
  },
  personalReferences: {
    summary: 'Referencias Personales',
    value: {
      references: [
        { name: 'María López', phone: '+525511112222', relationship: 'Amiga' },
        { name: 'Pedro Ruiz', phone: '+525533334444', relationship: 'Vecino' },
      ],
    },
  },
  workReferences: {
    summary: 'Referencias Laborales',
    value: {
      references: [
        {
          company: 'Transportes del Bajío S.A.',
          contactName: 'Laura Méndez',
          phone: '+524771234567',
          position: 'Supervisor de almacén',
          startDate: '2019-02-01',
          endDate: '2023-06-30',
        },
      ],
    },
  },
};
