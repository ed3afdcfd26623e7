/** The CPU slowdown that makes this machine emulate Lighthouse's reference phone, from its benchmark index. */
export function cpuSlowdownFor(benchmarkIndex: number): number;
