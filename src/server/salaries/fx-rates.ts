import 'server-only';

// The FX table as other domains read it (offers convert a posted salary to USD; the pricing page shows
// local prices). Its SQL stays in the salaries domain's data module.
export { fxRows, usdRate } from './data/reports';
