import { describe, expect, it } from 'vitest';
import {
  DISABLE_CLICK_REASONS,
  DISABLE_CLICK_REASON_TEXTS,
  disableClickReasonText,
  isDisableClickReason,
} from './disable-reasons';

describe('disable click reasons', () => {
  it('carries the spec texts in English', () => {
    expect(disableClickReasonText('DC_10', 'en')).toBe('No click available');
    expect(disableClickReasonText('DC_11', 'en')).toBe('Peak or Off Peak part already closed');
    expect(disableClickReasonText('DC_12', 'en')).toBe('No open volume');
    expect(disableClickReasonText('DC_21', 'en')).toBe('Click deadline expired for this period');
    expect(disableClickReasonText('DC_22', 'en')).toBe('Currently no click available');
    expect(disableClickReasonText('DC_23', 'en')).toBe('No price available yet for this period');
    expect(disableClickReasonText('DC_31', 'en')).toBe('Transaction still pending for this period');
    expect(disableClickReasonText('DC_34', 'en')).toBe('User is not click authorized');
    expect(disableClickReasonText('DC_35', 'en')).toBe('Clicking is paused');
    expect(disableClickReasonText('DC_36', 'en')).toBe('Click window is closed');
    expect(disableClickReasonText('DC_37', 'en')).toBe('Data is loading');
  });

  it('speaks Dutch by default and has both languages for every code', () => {
    expect(disableClickReasonText('DC_35')).toBe('Klikken is gepauzeerd');
    for (const reason of DISABLE_CLICK_REASONS) {
      const texts = DISABLE_CLICK_REASON_TEXTS[reason];
      expect(texts.nl.length).toBeGreaterThan(0);
      expect(texts.en.length).toBeGreaterThan(0);
      expect(texts.nl).not.toBe(texts.en);
    }
  });

  it('recognises the codes', () => {
    expect(isDisableClickReason('DC_36')).toBe(true);
    expect(isDisableClickReason('DC_99')).toBe(false);
  });
});
