import type { LocalTime } from './amsterdam-time';

/** Clicks open on trading days at 10:00 Amsterdam time. */
export const CLICK_WINDOW_OPENS: LocalTime = { hour: 10, minute: 0 };
/** OTC clicks are accepted until 16:00. */
export const OTC_CLOSES: LocalTime = { hour: 16, minute: 0 };
/** ICE Endex pre-end-of-day orders are accepted until 15:30. */
export const ICE_PRE_EOD_CLOSES: LocalTime = { hour: 15, minute: 30 };
/** ICE Endex overnight orders are accepted until 09:30, when the overnight fixing is set. */
export const ICE_OVERNIGHT_CLOSES: LocalTime = { hour: 9, minute: 30 };
export const MIDNIGHT: LocalTime = { hour: 0, minute: 0 };
