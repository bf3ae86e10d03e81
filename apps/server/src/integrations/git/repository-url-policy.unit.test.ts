import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.ts';
import { isForbiddenAddress } from './blocked-addresses.ts';
import { parsePrivateNetworks } from './private-networks.ts';
import {
  createRepositoryUrlPolicy,
  HTTPS_ONLY_MESSAGE,
  PRIVATE_ADDRESS_MESSAGE,
  type Resolver,
} from './repository-url-policy.ts';

// The server-side request forgery guard on its own: no network, DNS answers are injected.

const dns: Record<string, string[]> = {
  'github.com': ['140.82.121.4'],
  'gitlab.com': ['172.65.251.78', '2606:4700:90:0:f22e:fbec:5bed:a9b9'],
  'rebind.example.org': ['140.82.121.4', '10.0.0.7'],
  'metadata.example.org': ['169.254.169.254'],
  'v6.example.org': ['fd12::1'],
  localhost: ['127.0.0.1', '::1'],
};
const resolve: Resolver = async (host) => {
  const addresses = dns[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const policy = createRepositoryUrlPolicy({
  allowedHosts: [
    'github.com',
    'gitlab.com',
    'bitbucket.org',
    '127.0.0.1',
    '10.0.0.1',
    '169.254.169.254',
    '[::1]',
    '[::ffff:7f00:1]',
    'rebind.example.org',
    'metadata.example.org',
    'v6.example.org',
    'localhost',
    'nowhere.example.org',
  ],
  resolve,
});
const refusal = (url: string) =>
  policy.check(url).then(
    () => 'allowed',
    (error: Error) => error.message,
  );

describe('repository URLs', () => {
  it('allows an https repository on an allowed host whose every address is public', async () => {
    expect(await refusal('https://github.com/ember/plugins.git')).toBe('allowed');
    expect(await refusal('https://GitLab.com/ember/plugins')).toBe('allowed');
  });

  it.each([
    ['http://github.com/ember/plugins', HTTPS_ONLY_MESSAGE],
    ['file:///etc/passwd', HTTPS_ONLY_MESSAGE],
    ['git://github.com/ember/plugins', HTTPS_ONLY_MESSAGE],
    ['ssh://git@github.com/ember/plugins', HTTPS_ONLY_MESSAGE],
    [
      'https://example.com/ember/plugins',
      'Repositories on example.com are not allowed. Allowed hosts: github.com, gitlab.com, bitbucket.org, 127.0.0.1, 10.0.0.1, 169.254.169.254, ::1, ::ffff:7f00:1, rebind.example.org, metadata.example.org, v6.example.org, localhost, nowhere.example.org.',
    ],
    ['https://github.com.evil.org/ember/plugins', 'Repositories on github.com.evil.org are not allowed.'],
    ['https://127.0.0.1/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    ['https://10.0.0.1/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    ['https://169.254.169.254/latest/meta-data', PRIVATE_ADDRESS_MESSAGE],
    ['https://[::1]/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    ['https://[::ffff:127.0.0.1]/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    ['https://localhost/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    ['https://metadata.example.org/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    ['https://v6.example.org/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    // One private address among public ones is enough to refuse (DNS rebinding picks either).
    ['https://rebind.example.org/ember/plugins', PRIVATE_ADDRESS_MESSAGE],
    [
      'https://token:x@github.com/ember/plugins',
      'Put the access token in its own field, not in the repository URL.',
    ],
    [
      'https://nowhere.example.org/ember/plugins',
      'The repository host nowhere.example.org could not be found.',
    ],
  ])('refuses %s', async (url, message) => {
    expect(await refusal(url)).toContain(message);
  });

  it('resolves localhost through the system resolver too, and refuses it', async () => {
    const system = createRepositoryUrlPolicy({ allowedHosts: ['localhost'] });
    await expect(system.check('https://localhost/a/b')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
  });

  it('saves a URL whose host does not resolve right now, but never one that resolves privately', async () => {
    await expect(policy.checkForSaving('https://nowhere.example.org/a/b')).resolves.toBeInstanceOf(URL);
    await expect(policy.checkForSaving('https://metadata.example.org/a/b')).rejects.toThrow(
      PRIVATE_ADDRESS_MESSAGE,
    );
  });

  it('allows plain http and loopback only when configured for tests, and never the private networks', async () => {
    const tests = createRepositoryUrlPolicy({
      allowedHosts: ['127.0.0.1', '10.0.0.1'],
      httpHosts: ['127.0.0.1', '10.0.0.1'],
      allowLoopback: true,
      resolve,
    });
    await expect(tests.check('http://127.0.0.1:9418/a.git')).resolves.toBeInstanceOf(URL);
    await expect(tests.check('http://10.0.0.1/a.git')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
  });
});

describe('private networks opened by the operator (REPOSITORY_PRIVATE_NETWORKS)', () => {
  const privateNetworks = parsePrivateNetworks(['10.0.5.0/24', 'fd00:1::/64', '192.168.1.20']) ?? undefined;
  const opened = createRepositoryUrlPolicy({
    allowedHosts: ['git.internal', '10.0.5.9', '10.0.6.9', '127.0.0.1', '[::7f00:1]', '[2002:a00:509::]'],
    privateNetworks,
    resolve: async () => [{ address: '10.0.5.7', family: 4 }],
  });

  it('lets fetches reach the listed networks only, by name or address, and in no other spelling', async () => {
    await expect(opened.check('https://git.internal/team/plugins.git')).resolves.toBeInstanceOf(URL);
    await expect(opened.check('https://10.0.5.9/team/plugins.git')).resolves.toBeInstanceOf(URL);
    await expect(opened.check('https://10.0.6.9/team/plugins.git')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    await expect(opened.check('https://[2002:a00:509::]/a.git')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    expect(isForbiddenAddress('fd00:1::5', { privateNetworks })).toBe(false);
    expect(isForbiddenAddress('::ffff:192.168.1.20', { privateNetworks })).toBe(false);
    expect(isForbiddenAddress('192.168.1.21', { privateNetworks })).toBe(true);
  });

  it('never opens loopback, link-local or the transition forms, whatever is listed', async () => {
    await expect(opened.check('https://127.0.0.1/a.git')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    await expect(opened.check('https://[::127.0.0.1]/a.git')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    for (const entry of [
      '127.0.0.0/8',
      '169.254.169.254',
      '10.0.0.0/7',
      '::1',
      'fe80::/10',
      '0.0.0.0/0',
      'git.internal',
      '10.0.0.0/33',
    ]) {
      expect(parsePrivateNetworks([entry]), entry).toBeNull();
    }
    expect(parsePrivateNetworks([])).not.toBeNull();
  });

  it('is off by default, and a wrong entry stops the server at boot', () => {
    expect(parseEnv({}).REPOSITORY_PRIVATE_NETWORKS).toEqual([]);
    expect(parseEnv({ REPOSITORY_PRIVATE_NETWORKS: '10.0.5.0/24' }).REPOSITORY_PRIVATE_NETWORKS).toEqual([
      '10.0.5.0/24',
    ]);
    expect(() => parseEnv({ REPOSITORY_PRIVATE_NETWORKS: '169.254.0.0/16' })).toThrow(
      /REPOSITORY_PRIVATE_NETWORKS: must list addresses or networks/,
    );
  });
});

describe('forbidden addresses', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    // Issue 32: the IPv4-compatible form (::127.0.0.1, which URLs spell ::7f00:1), 6to4 and Teredo.
    '::127.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '64:ff9b:1::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['140.82.121.4', '8.8.8.8', '172.32.0.1', '2606:4700:90:0:f22e:fbec:5bed:a9b9', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});
