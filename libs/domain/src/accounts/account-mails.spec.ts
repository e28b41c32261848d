import { invitationMail, passwordResetMail } from './account-mails';

const EXPIRES = Date.UTC(2026, 11, 5, 18, 30);

describe('account mails', () => {
  it('invites in Spanish, naming the client, the role and when the link expires, the link on its own line', () => {
    const mail = invitationMail({
      clientName: 'Acme <Recursos> Humanos',
      role: 'analyst',
      link: 'https://app.example.com/invitations/abc',
      expiresAt: EXPIRES,
    });
    expect(mail.subject).toBe('Invitación a Acme <Recursos> Humanos');
    expect(mail.text).toContain('con el rol de analista');
    expect(mail.text).toContain('5 de diciembre de 2026');
    expect(mail.text.split('\n')).toContain('https://app.example.com/invitations/abc');
    expect(mail.html).toContain('Acme &#60;Recursos&#62; Humanos');
    expect(mail.html).not.toContain('<Recursos>');
    expect(mail.html).toContain('<a href="https://app.example.com/invitations/abc">');
  });

  it('sends the reset link with its one hour', () => {
    const mail = passwordResetMail({ link: 'https://x.mx/password-resets/t', expiresAt: EXPIRES });
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toContain('60 minutos');
    expect(mail.text.split('\n')).toContain('https://x.mx/password-resets/t');
  });
});
