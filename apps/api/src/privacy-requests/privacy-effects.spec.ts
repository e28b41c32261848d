import { RetentionPrivacyEffects } from './privacy-effects';

describe('RetentionPrivacyEffects', () => {
  it("blocks a cancellation's requests and searches through retention's blockNow", async () => {
    const asked: unknown[] = [];
    const effects = new RetentionPrivacyEffects({
      blockNow: async (target) => {
        asked.push(target);
        return { requestIds: [...target.requestIds], searchIds: [] };
      },
    });
    await effects.block({ requestIds: ['r-1'], searchIds: ['s-1'] });
    expect(asked).toEqual([{ requestIds: ['r-1'], searchIds: ['s-1'] }]);
  });
});
