import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { countsText, redact, type Finding } from '../guardrails/findings';
import { ibanValid, luhnValid, PERSONAL_DATA, spanishIdValid } from '../guardrails/personalData';
import { findSecrets } from '../guardrails/secrets';
import { ORDINARY_PROMPTS } from './fixtures/ordinaryPrompts';

/**
 * The guardrails' detectors (docs/guardrails.md#detectors), each held to what it must find and to what it must not:
 * the numbers, ids and code that look like personal data or secrets but are not.
 */
const found = (detector: string, text: string) =>
  PERSONAL_DATA[detector](text).map((finding) => text.slice(finding.start, finding.end));

const PERSONAL: Record<string, { finds: [string, string][]; ignores: string[] }> = {
  email: {
    finds: [
      ['write to jane.doe+news@example.co.uk today', 'jane.doe+news@example.co.uk'],
      ['CC: Ops_Team@acme-corp.io', 'Ops_Team@acme-corp.io'],
    ],
    ignores: ['@scope/package', 'user at host dot com', 'decorators like @property and @dataclass'],
  },
  phone: {
    finds: [
      ['call +44 20 7946 0958 now', '+44 20 7946 0958'],
      ['office: (555) 123-4567 ext 2', '(555) 123-4567'],
      ['mobile +33612345678', '+33612345678'],
      ['tel 030-1234 5678', '030-1234 5678'],
    ],
    ignores: [
      'on 2026-12-01 10:00',
      'timestamp 1700000000',
      'in 1990 - 2020',
      'order 20261201-0042',
      'ip 192.168.10.120',
      'ISBN 978-0-13-468599-1 is',
      'version 2.14.3',
    ],
  },
  card: {
    finds: [
      ['card 4111 1111 1111 1111 exp 12/29', '4111 1111 1111 1111'],
      ['amex 3782-822463-10005', '3782-822463-10005'],
      ['pay with 5555555555554444.', '5555555555554444'],
    ],
    ignores: [
      'not Luhn: 4111 1111 1111 1112',
      'too short 4111 1111 111',
      'all same 4444444444444444',
      'a 16-digit id 1234567890123456',
      'uuid 123e4567-e89b-12d3-a456-426614174000',
    ],
  },
  iban: {
    finds: [
      ['IBAN DE89 3704 0044 0532 0130 00 please', 'DE89 3704 0044 0532 0130 00'],
      ['GB29NWBK60161331926819', 'GB29NWBK60161331926819'],
    ],
    ignores: ['DE89 3704 0044 0532 0130 01', 'AB12 CDEF GHIJ KLMN', 'PROJ-12345'],
  },
  ip: {
    finds: [
      ['from 203.0.113.42, again', '203.0.113.42'],
      ['client 2001:db8:85a3::8a2e:370:7334 seen', '2001:db8:85a3::8a2e:370:7334'],
    ],
    ignores: [
      'localhost 127.0.0.1 and 0.0.0.0',
      'version 1.2.3',
      '999.1.1.1',
      'std::vector<int>::iterator',
      'at 12:30:45',
      'mac 00:1a:2b:3c:4d:5e',
      '::1',
    ],
  },
  national_id: {
    finds: [
      ['DNI 12345678Z', '12345678Z'],
      ['NIE X1234567L.', 'X1234567L'],
    ],
    ignores: ['12345678A', 'code 87654321B'],
  },
};

describe('personal data', () => {
  for (const [detector, { finds, ignores }] of Object.entries(PERSONAL)) {
    test(`${detector}: finds what it must`, () => {
      for (const [text, match] of finds) assert.deepEqual(found(detector, text), [match], text);
    });
    test(`${detector}: ignores what only looks like it`, () => {
      for (const text of ignores) assert.deepEqual(found(detector, text), [], text);
    });
  }

  test('the checks: Luhn, IBAN mod 97, the Spanish id letter', () => {
    assert.equal(luhnValid('79927398713'), true);
    assert.equal(luhnValid('79927398710'), false);
    assert.equal(ibanValid('FR1420041010050500013M02606'), true);
    assert.equal(ibanValid('FR1420041010050500013M02607'), false);
    assert.equal(spanishIdValid('00000000T'), true);
    assert.equal(spanishIdValid('Z-1234567-R'), true);
  });
});

const privateKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
  type: 'pkcs1',
  format: 'pem',
}) as string;
const OPENAI_PART = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz'.repeat(3).slice(0, 74);

describe('secrets', () => {
  const secrets: [string, string][] = [
    ['an AWS access key id', 'my key is AKIAZ3MSJV4WWNKWVXMN, use it'],
    ['an AWS secret key, named', 'AWS_SECRET_ACCESS_KEY=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'],
    ['a GitHub token', `token ghp_${'A1b2'.repeat(9)}`],
    ['a Slack bot token', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
    ['an OpenAI project key', `sk-proj-${OPENAI_PART}T3BlbkFJ${OPENAI_PART}`],
    ['an Anthropic key', `sk-ant-api03-${'a'.repeat(93)}AA`],
    ['an npm token', 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'],
    ['a database URL with its password', 'postgres://app:hunter2@db.example.com:5432/app'],
    ['a private key', `here:\n${privateKey}`],
    ['a key of this gateway', 'Authorization: Bearer sk-Co6R5tIAbCdEfGhIjKlMnOpQrStUvWxYz0123456789'],
  ];
  for (const [name, text] of secrets) {
    test(`finds ${name}`, async () => {
      const findings = await findSecrets(text);
      assert.ok(findings.length >= 1, text);
      assert.ok(findings.every((finding) => finding.detector === 'secret'));
    });
  }

  test('ignores hashes, ids, example keys and ordinary tokens', async () => {
    for (const text of [
      'sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'commit 4f9c2a1e8b7d6c5f4e3d2c1b0a9f8e7d6c5b4a39',
      'AWS docs use AKIAIOSFODNN7EXAMPLE as the example key',
      'the sk-learn package and a sk-short id',
      'postgres://localhost:5432/app',
    ]) {
      assert.deepEqual(await findSecrets(text), [], text);
    }
  });

  test('leaves nothing behind: no performance marks per check (secretlint’s profiler is off)', async () => {
    await findSecrets('warm up');
    const before = performance.getEntriesByType('mark').length;
    for (let i = 0; i < 20; i++) await findSecrets(`prompt ${i} with AKIAZ3MSJV4WWNKWVXMN`);
    assert.equal(performance.getEntriesByType('mark').length, before);
  });
});

describe('redaction', () => {
  test('each finding becomes its typed placeholder; overlapping ones are one; the counts are named', () => {
    const text = 'mail a@b.io or c@d.io, card 4111 1111 1111 1111';
    const findings: Finding[] = [
      ...PERSONAL_DATA.email(text),
      ...PERSONAL_DATA.card(text),
      // A finding inside another (a card number within a wider secret) counts once, as the wider one.
      { detector: 'secret', start: text.indexOf('card'), end: text.length },
    ];
    const { text: redacted, counts } = redact(text, findings);
    assert.equal(redacted, 'mail [EMAIL] or [EMAIL], [SECRET]');
    assert.equal(countsText(counts), 'email:2,secret:1');
  });
});

test('false positives: none of the detectors finds anything in the corpus of ordinary prompts', async () => {
  const hits: string[] = [];
  for (const prompt of ORDINARY_PROMPTS) {
    const findings = [
      ...Object.values(PERSONAL_DATA).flatMap((detect) => detect(prompt)),
      ...(await findSecrets(prompt)),
    ];
    for (const finding of findings) hits.push(`${finding.detector}: ${prompt.slice(finding.start, finding.end)}`);
  }
  assert.deepEqual(hits, [], `${hits.length} false positives in ${ORDINARY_PROMPTS.length} prompts`);
});
