/** When a card is due, as a person says it: 10分钟后, 今天 18:30, 明天 09:00, 11月28日, 2027年3月1日. */
export function dueText(dueAt: number, now: number): string {
  if (!dueAt) return '';
  const minutes = Math.round((dueAt - now) / 60000);
  if (minutes <= 0) return '现在';
  if (minutes < 60) return `${minutes}分钟后`;
  const due = new Date(dueAt);
  const today = new Date(now);
  const hm = `${String(due.getHours()).padStart(2, '0')}:${String(due.getMinutes()).padStart(2, '0')}`;
  const days = Math.round((startOfDay(due) - startOfDay(today)) / 86400000);
  if (days === 0) return `今天 ${hm}`;
  if (days === 1) return `明天 ${hm}`;
  if (due.getFullYear() === today.getFullYear()) return `${due.getMonth() + 1}月${due.getDate()}日`;
  return `${due.getFullYear()}年${due.getMonth() + 1}月${due.getDate()}日`;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** The interval a rating would give, short, for the grade buttons: 1分钟, 10分钟, 3天, 2个月, 1.5年. */
export function intervalText(dueAt: number, now: number): string {
  const minutes = Math.max(1, Math.round((dueAt - now) / 60000));
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}小时`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days}天`;
  if (days < 365) return `${Math.round(days / 30)}个月`;
  return `${Math.round((days / 365) * 10) / 10}年`;
}
