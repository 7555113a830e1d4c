import { describe, expect, it } from 'vitest';
import { reportSource } from '../../src/domain/reports/source';

const facts = { from: '2026-10-01', heldFrom: '2026-10-01', serverReports: true, online: true };

describe('where a report comes from', () => {
  it('the device when it holds the whole period (its first day included)', () => {
    expect(reportSource(facts)).toEqual({ source: 'device', notice: 'device' });
    expect(reportSource({ ...facts, from: '2026-11-05' })).toEqual({ source: 'device', notice: 'device' });
    // Even offline or without a server: nothing is missing.
    expect(reportSource({ ...facts, online: false, serverReports: false })).toEqual({ source: 'device', notice: 'device' });
  });
  it('the server when the period starts before what the device holds, or the device holds nothing', () => {
    expect(reportSource({ ...facts, from: '2026-09-30' })).toEqual({ source: 'server', notice: 'server' });
    expect(reportSource({ ...facts, heldFrom: null })).toEqual({ source: 'server', notice: 'server' });
  });
  it('offline: the device with the notice that it needs the network', () => {
    expect(reportSource({ ...facts, from: '2026-09-30', online: false })).toEqual({ source: 'device', notice: 'offline' });
  });
  it('without server reports (Firebase): the device with its notice, online or not', () => {
    expect(reportSource({ ...facts, from: '2026-09-30', serverReports: false })).toEqual({ source: 'device', notice: 'noServer' });
    expect(reportSource({ ...facts, from: '2026-09-30', serverReports: false, online: false })).toEqual({ source: 'device', notice: 'noServer' });
  });
});
