import { endpointQuotaRefusal } from './endpoint-input';

describe('endpointQuotaRefusal', () => {
  it.each([
    [0, 20, false],
    [19, 20, false],
    [20, 20, true],
    [25, 20, true],
    [0, 1, false],
    [1, 1, true],
  ])('%p registered of at most %p -> refused: %p', (registered, max, refused) => {
    expect(endpointQuotaRefusal(registered, max) !== null).toBe(refused);
  });

  it('names the limit', () => {
    expect(endpointQuotaRefusal(20, 20)).toMatch(/^A client may register at most 20 webhook endpoints/);
  });
});
