/** The single tooltip instance every anchor points at. */
export const APP_TOOLTIP_ID = 'app-tooltip';
