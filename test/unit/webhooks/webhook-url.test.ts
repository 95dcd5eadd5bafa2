import { describe, expect, it } from 'vitest';
import { anyAddress, publicAddressesOnly } from '../../../src/engines/fetch/index.js';
import { webhookUrlProblem } from '../../../src/engines/webhook/index.js';

describe('webhook URL check at create time', () => {
  it('accepts public hosts and public literal addresses', () => {
    expect(webhookUrlProblem('https://hooks.example.com/in?x=1', publicAddressesOnly)).toBeNull();
    expect(webhookUrlProblem('http://93.184.216.34:8080/hook', publicAddressesOnly)).toBeNull();
  });

  it('refuses private, loopback, link-local and metadata addresses, and localhost names', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', publicAddressesOnly)).toMatch(
      /127\.0\.0\.1 is loopback.*webhooks are only sent to public addresses/,
    );
    expect(webhookUrlProblem('http://10.1.2.3/hook', publicAddressesOnly)).toMatch(/private-network/);
    expect(webhookUrlProblem('http://169.254.169.254/latest', publicAddressesOnly)).toMatch(/cloud metadata/);
    expect(webhookUrlProblem('http://[::1]:8080/', publicAddressesOnly)).toMatch(/::1 is loopback/);
    expect(webhookUrlProblem('http://[::ffff:192.168.0.1]/', publicAddressesOnly)).toMatch(/private-network/);
    expect(webhookUrlProblem('http://localhost:3000/hook', publicAddressesOnly)).toMatch(/loopback/);
    expect(webhookUrlProblem('http://api.localhost./hook', publicAddressesOnly)).toMatch(/loopback/);
  });

  it('allows them all when private URLs are allowed (tests, local use)', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', anyAddress)).toBeNull();
    expect(webhookUrlProblem('http://localhost:3000/hook', anyAddress)).toBeNull();
  });

  it('refuses other schemes', () => {
    expect(webhookUrlProblem('ftp://example.com/x', anyAddress)).toBe('Webhook URLs must use http or https.');
  });
});
