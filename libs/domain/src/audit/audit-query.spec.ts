import { ForbiddenError } from '../errors';
import { auditClient, auditFilterOf, auditQueryViolations } from './audit-query';

describe('the audit log query', () => {
  it.each([
    [{}, []],
    [{ from: '1795876200000', to: '2026-11-29', after: '42', limit: '500' }, []],
    [{ from: '2026-11-28T12:00:00Z', actorId: 'u-1', action: 'getCandidateRequest', subjectId: 'x' }, []],
    [{ from: 'yesterday' }, ['from']],
    [{ to: '2026-13-45' }, ['to']],
    [{ after: '0' }, ['after']],
    [{ after: 'abc' }, ['after']],
    [{ limit: '0' }, ['limit']],
    [{ limit: '501' }, ['limit']],
    [{ action: '' }, ['action']],
    [{ subjectId: 'x'.repeat(201) }, ['subjectId']],
    [{ clientId: 'c'.repeat(65) }, ['clientId']],
    [{ limit: ['1', '2'] }, ['limit']],
  ])('%j: violations on %j', (query, fields) => {
    expect(auditQueryViolations(query as never).map((v) => v.field)).toEqual(fields);
  });

  it('reads times, the cursor and the limit', () => {
    expect(auditFilterOf({ from: '1000', to: '2026-11-28', after: '7' })).toEqual({
      from: 1000,
      to: Date.UTC(2026, 10, 28),
      actorId: null,
      action: null,
      subjectId: null,
      after: '7',
      limit: 100,
    });
  });

  it("reads an admin's own clients only", () => {
    expect(auditClient(['acme', 'globex'], 'acme')).toBe('acme');
    expect(auditClient(['acme', 'globex'], 'acme', 'globex')).toBe('globex');
    expect(() => auditClient(['acme'], 'acme', 'globex')).toThrow(ForbiddenError);
  });
});
