const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

/** SPEC §9: a mobile user agent, or a screen no wider than 768 px. */
export function isMobile(userAgent = navigator.userAgent, width = window.innerWidth): boolean {
  return MOBILE_UA.test(userAgent) || width <= 768;
}
