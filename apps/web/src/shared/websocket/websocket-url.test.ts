import { describe, expect, it } from 'vitest';
import { websocketUrlFor } from './websocket-url';

describe('websocket address', () => {
  it('resolves a relative base against the page: ws next to http, wss next to https', () => {
    expect(websocketUrlFor('/ws', 'abc', { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/ws/abc',
    );
    expect(websocketUrlFor('/ws/', 'abc', { protocol: 'https:', host: 'klik.example' })).toBe(
      'wss://klik.example/ws/abc',
    );
    expect(websocketUrlFor('ws', 'abc', { protocol: 'https:', host: 'klik.example' })).toBe(
      'wss://klik.example/ws/abc',
    );
  });

  it('keeps an absolute ws(s) base and turns http(s) into ws(s)', () => {
    const page = { protocol: 'https:', host: 'portal.example' };
    expect(websocketUrlFor('wss://live.example/ws', 't', page)).toBe('wss://live.example/ws/t');
    expect(websocketUrlFor('https://live.example/ws', 't', page)).toBe('wss://live.example/ws/t');
    expect(websocketUrlFor('http://live.example/ws', 't', page)).toBe('ws://live.example/ws/t');
  });

  it('keeps the token one path segment', () => {
    expect(websocketUrlFor('/ws', 'a/b?c', { protocol: 'http:', host: 'h' })).toBe(
      'ws://h/ws/a%2Fb%3Fc',
    );
  });
});
