import { describe, expect, it } from 'vitest';
import { createLocalEmbeddingEngine } from '../../src/local-embeddings/index.js';

const options = { signal: new AbortController().signal, requestId: 'test' };
const engine = createLocalEmbeddingEngine();

async function similarity(a: string, b: string, lang = 'multi'): Promise<number> {
  const [va, vb] = await engine.embed({ model: 'm', lang, sentences: [a, b] }, options);
  return va!.reduce((sum, x, i) => sum + x * vb![i]!, 0);
}

/** [sentence, paraphrase sharing stems, unrelated sentence] */
const cases: Array<[string, string, string, string]> = [
  [
    'en',
    'I want to cancel my subscription',
    'How do I cancel the subscriptions I have?',
    'I would like to order a pizza',
  ],
  [
    'en',
    'The delivery was delayed by the storm',
    'Storms delayed our deliveries',
    'My password does not work',
  ],
  [
    'de',
    'Ich möchte meine Bestellung stornieren',
    'Wie storniere ich die Bestellungen?',
    'Das Wetter ist heute schön',
  ],
  ['fr', 'Je voudrais annuler ma commande', "J'ai annulé les commandes hier", 'Le chat dort sur le canapé'],
  [
    'es',
    'Quiero cambiar la dirección de envío',
    'Cambié las direcciones de envío',
    'Mañana jugamos al fútbol',
  ],
  ['zh', '我想知道我的包裹在哪里', '我的包裹现在在哪里？', '今天天气很好'],
  ['ja', '注文をキャンセルしたいです', '注文のキャンセル方法を教えてください', '明日は雨が降るでしょう'],
  ['th', 'ฉันอยากรู้ว่าพัสดุของฉันอยู่ที่ไหน', 'พัสดุของฉันอยู่ที่ไหน', 'วันนี้อากาศดีมาก'],
  ['ru', 'Я хочу отменить мой заказ', 'Как отменить заказы?', 'Завтра будет солнечная погода'],
  ['ko', '비밀번호를 재설정하고 싶어요', '비밀번호 재설정 방법', '오늘 날씨가 좋네요'],
];

describe('local embeddings carry lexical meaning', () => {
  it.each(cases)(
    '%s: a paraphrase sharing stems scores above an unrelated sentence',
    async (_lang, a, b, c) => {
      const paraphrase = await similarity(a, b);
      const unrelated = await similarity(a, c);
      expect(paraphrase).toBeGreaterThan(unrelated + 0.2);
    },
  );

  it('matches inflected forms through their stems (running / runs, annulé / annuler)', async () => {
    expect(await similarity('running shoes', 'she runs in new shoes', 'en')).toBeGreaterThan(
      await similarity('running shoes', 'she reads old books', 'en'),
    );
    expect(await similarity('annuler', 'annulé', 'fr')).toBeGreaterThan(0.5);
  });

  it('stems keyword queries without stop words as English', async () => {
    expect(await similarity('cancelled orders', 'cancel order')).toBeGreaterThan(0.8);
  });

  it('uses the lang hint to pick the stemmer, and guesses the language without one', async () => {
    const hinted = await similarity('Bestellungen stornieren', 'Bestellung storniert', 'de');
    const guessed = await similarity('Ich will die Bestellungen stornieren', 'Die Bestellung ist storniert');
    expect(hinted).toBeGreaterThan(0.5);
    expect(guessed).toBeGreaterThan(0.5);
  });
});
