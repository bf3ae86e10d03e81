// Dates are written by the contracts, in the UI's language and the reader's time zone
// (decision 0039): the short form in tables ('27 Nov 2026, 15:04'), the long form in sentences
// ('17 December 2026'). The web reads every date formatter from here.
export {
  formatDateTime,
  formatLongDate,
  formatLongDateTimeWithZone,
  formatMonthYear,
  formatTimeAgo,
} from '@ember/contracts/format';
