// The CPU slowdown that makes this machine behave like Lighthouse's reference phone (a mid-tier mobile), from
// the machine's Lighthouse benchmark index. Lighthouse's fixed 4x assumes a host at about 1,533 (a high-end
// desktop); on a slower host 4x emulates a slower phone than intended, on a faster one a faster phone, and
// scores move with the day's machine rather than with the page. Lighthouse's documentation on throttling asks
// for a calibrated multiplier in that case and gives the mapping as a table and a calculator: 150 -> 1x,
// 800 -> 2x, 1300 -> 3x, then one more x per 233 points (1533 -> 4x, 2000 -> 6x), linear in between.

/** @param {number} benchmarkIndex @returns {number} the multiplier, to one decimal */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`not a benchmark index: ${benchmarkIndex}`);
  let x;
  if (benchmarkIndex >= 1300) x = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) x = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) x = 1 + (benchmarkIndex - 150) / 650;
  else x = 1; // the host is itself as slow as a low-end phone: no slowdown on top
  return Math.round(x * 10) / 10;
}
