import { searchNameKey } from '@app/domain';
import type {
  CandidatePrefilter,
  GrantedOpposition,
  SubjectCandidate,
  SubjectSearch,
} from '@app/persistence';
import { SubjectData, type SubjectDataStore } from './subject-data';

const JUAN: SubjectCandidate = {
  requestId: 'r-juan',
  personType: 'individual',
  name: 'José Juan',
  lastName: 'Hernández',
  secondLastName: 'Núñez',
  birthDate: '1985-01-01',
  rfc: 'HENJ850101AB1',
  curp: 'HENJ850101HDFRXN09',
};
const NAMESAKE: SubjectCandidate = {
  ...JUAN,
  requestId: 'r-namesake',
  birthDate: '1990-06-30',
  rfc: 'HENJ900630ZZ9',
  curp: null,
};
const COMPANY: SubjectCandidate = {
  requestId: 'r-company',
  personType: 'corporate',
  name: null,
  lastName: null,
  secondLastName: null,
  birthDate: null,
  rfc: 'ACM850101AB1',
  curp: null,
};

/**
 * The client's data in memory, narrowed as the repository's statements narrow it (client, exact
 * RFC, CURP, birth date, name key): what reaches the domain's rules is all the store may answer.
 */
class InMemorySubjectData implements SubjectDataStore {
  candidates = new Map<string, SubjectCandidate[]>([
    ['acme', [JUAN, NAMESAKE, COMPANY]],
    ['globex', [{ ...JUAN, requestId: 'r-globex' }]],
  ]);
  searches = new Map<string, Array<SubjectSearch & { nameKey: string }>>([
    [
      'acme',
      [
        {
          id: 's-exact',
          query: { name: 'jose juan', lastName: 'HERNANDEZ', secondLastName: 'nunez' },
          nameKey: searchNameKey({ name: 'jose juan', lastName: 'HERNANDEZ', secondLastName: 'nunez' }),
        },
        // The key of `José Juan Hernández` too (an absent part leaves no trace in the searches'
        // key), but Hernández is the second surname here: not that person's name.
        {
          id: 's-shifted',
          query: { name: 'José Juan', secondLastName: 'Hernández' },
          nameKey: searchNameKey({ name: 'José Juan', secondLastName: 'Hernández' }),
        },
        {
          id: 's-no-second',
          query: { name: 'José Juan', lastName: 'Hernández' },
          nameKey: searchNameKey({ name: 'José Juan', lastName: 'Hernández' }),
        },
      ],
    ],
  ]);
  monitors = [
    { id: 'm-1', clientId: 'acme', requestId: 'r-juan' },
    { id: 'm-2', clientId: 'acme', requestId: 'r-namesake' },
  ];
  oppositions: Array<GrantedOpposition & { clientId: string }> = [];
  readonly prefilters: CandidatePrefilter[] = [];
  readonly keysAsked: string[] = [];

  async candidatesLike(clientId: string, like: CandidatePrefilter) {
    this.prefilters.push(like);
    return (this.candidates.get(clientId) ?? []).filter(
      (c) =>
        (c.rfc !== null && like.rfcs.includes(c.rfc)) ||
        (c.curp !== null && like.curps.includes(c.curp)) ||
        (like.birthDate !== null && c.birthDate === like.birthDate),
    );
  }

  async searchesNamed(clientId: string, nameKey: string) {
    this.keysAsked.push(nameKey);
    return (this.searches.get(clientId) ?? [])
      .filter((s) => s.nameKey === nameKey)
      .map(({ nameKey: _key, ...search }) => search);
  }

  async monitorsOf(clientId: string, requestIds: readonly string[]) {
    return this.monitors
      .filter((m) => m.clientId === clientId && requestIds.includes(m.requestId))
      .map((m) => m.id);
  }

  async grantedOppositionsLike(clientId: string, like: CandidatePrefilter) {
    return this.oppositions
      .filter(
        (o) =>
          o.clientId === clientId &&
          ((o.subject.rfc !== undefined && like.rfcs.includes(o.subject.rfc)) ||
            (o.subject.curp !== undefined && like.curps.includes(o.subject.curp)) ||
            o.subject.birthDate === like.birthDate),
      )
      .map(({ clientId: _client, ...opposition }) => opposition);
  }
}

function setup() {
  const store = new InMemorySubjectData();
  return { store, subjects: new SubjectData(store) };
}

describe('SubjectData.matchesOf', () => {
  it('finds by RFC alone the requests, their monitors, and the searches of the name the subject also gives', async () => {
    const { store, subjects } = setup();
    const matches = await subjects.matchesOf('acme', {
      rfc: ' henj850101ab1 ',
      name: 'José Juan',
      lastName: 'Hernández',
      secondLastName: 'Núñez',
    });
    expect(matches).toEqual([
      { type: 'candidate_request', id: 'r-juan' },
      { type: 'search', id: 's-exact' },
      { type: 'monitor', id: 'm-1' },
    ]);
    // The identifier as registration stores it; no birth date read: the RFC decides alone.
    expect(store.prefilters).toEqual([{ rfcs: ['HENJ850101AB1'], curps: [], birthDate: null }]);
  });

  it('finds by CURP', async () => {
    const { subjects } = setup();
    expect(await subjects.matchesOf('acme', { curp: 'HENJ850101HDFRXN09' })).toEqual([
      { type: 'candidate_request', id: 'r-juan' },
      { type: 'monitor', id: 'm-1' },
    ]);
  });

  it('finds by full name and birth date, case and accents folded, and leaves a namesake born another day', async () => {
    const { store, subjects } = setup();
    const matches = await subjects.matchesOf('acme', {
      name: 'JOSE  JUAN',
      lastName: 'hernandez',
      secondLastName: 'NUÑEZ',
      birthDate: '1985-01-01',
    });
    expect(matches).toEqual([
      { type: 'candidate_request', id: 'r-juan' },
      { type: 'search', id: 's-exact' },
      { type: 'monitor', id: 'm-1' },
    ]);
    expect(store.prefilters).toEqual([{ rfcs: [], curps: [], birthDate: '1985-01-01' }]);
    expect(store.keysAsked).toEqual([
      searchNameKey({ name: 'JOSE  JUAN', lastName: 'hernandez', secondLastName: 'NUÑEZ' }),
    ]);
  });

  it('matches a search without second surname only for a subject without one', async () => {
    const { subjects } = setup();
    const matches = await subjects.matchesOf('acme', {
      name: 'José Juan',
      lastName: 'Hernández',
      birthDate: '1970-01-01',
    });
    expect(matches).toEqual([{ type: 'search', id: 's-no-second' }]);
  });

  it("finds nothing of another client's data, and nothing for an RFC nobody has", async () => {
    const { subjects } = setup();
    expect(await subjects.matchesOf('initech', { rfc: JUAN.rfc! })).toEqual([]);
    expect(await subjects.matchesOf('acme', { rfc: 'XAXX010101000' })).toEqual([]);
    expect(await subjects.matchesOf('globex', { rfc: JUAN.rfc! })).toEqual([
      { type: 'candidate_request', id: 'r-globex' },
    ]);
  });
});

describe('SubjectData.oppositionsAbout', () => {
  it('finds the granted oppositions about a candidate, by identifier or by name and birth date', async () => {
    const { store, subjects } = setup();
    store.oppositions = [
      { id: 'o-rfc', clientId: 'acme', subject: { rfc: JUAN.rfc! } },
      { id: 'o-curp', clientId: 'acme', subject: { curp: JUAN.curp! } },
      {
        id: 'o-name',
        clientId: 'acme',
        subject: {
          name: 'jose juan',
          lastName: 'HERNANDEZ',
          secondLastName: 'Nunez',
          birthDate: '1985-01-01',
        },
      },
      { id: 'o-other-rfc', clientId: 'acme', subject: { rfc: 'HENJ850101ZZZ' } },
      { id: 'o-globex', clientId: 'globex', subject: { rfc: JUAN.rfc! } },
    ];
    expect(await subjects.oppositionsAbout('acme', JUAN)).toEqual(['o-rfc', 'o-curp', 'o-name']);
    expect(await subjects.oppositionsAbout('acme', NAMESAKE)).toEqual([]);
  });

  it('reads nothing for a candidate with no RFC, CURP or birth date', async () => {
    const { store, subjects } = setup();
    store.oppositions = [{ id: 'o-1', clientId: 'acme', subject: { rfc: 'X' } }];
    expect(await subjects.oppositionsAbout('acme', { ...COMPANY, rfc: null })).toEqual([]);
  });
});
