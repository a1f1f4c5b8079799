/**
 * Watches this thread until stopped, and answers its longest busy stretch: its own CPU time between two
 * ticks of a 10 ms timer. That is what the code on this thread held it for, however busy the computer is;
 * the event loop's delay (monitorEventLoopDelay) adds the time other processes had the CPU.
 */
export function watchBusy(): () => number {
  const cpu = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = cpu();
  let longest = 0;
  const timer = setInterval(() => {
    const now = cpu();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return () => {
    clearInterval(timer);
    return Math.max(longest, cpu() - last);
  };
}
