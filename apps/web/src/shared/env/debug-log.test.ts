import { afterEach, describe, expect, it, vi } from 'vitest';
import { debugLog, setDebugMode } from './debug-log';

describe('debug logging', () => {
  afterEach(() => setDebugMode(false));

  it('writes nothing without the isDebugMode flag and writes with it', () => {
    const debug = vi.spyOn(console, 'info').mockImplementation(() => {});
    debugLog('websocket event', 'priceUpdate');
    expect(debug).not.toHaveBeenCalled();
    setDebugMode(true);
    debugLog('websocket event', 'priceUpdate');
    expect(debug).toHaveBeenCalledWith('[klik] websocket event', 'priceUpdate');
  });
});
