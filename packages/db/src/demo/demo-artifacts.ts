/**
 * The bytes of a demo plugin's artifact: small, and the same on every machine. The seed records
 * their sha256 and size on the demo plugins; the server stores the bytes in its blob store at
 * start (outside production), so the demo catalog downloads like a real one.
 */
export const demoArtifactBytes = (name: string, version: string) =>
  new TextEncoder().encode(`Ember demo plugin ${name} ${version}\n`);
