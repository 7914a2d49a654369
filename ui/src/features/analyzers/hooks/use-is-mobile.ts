import { useMediaQuery } from '../../../components/use-media-query';

/** Mobile breakpoint (spec §9). */
export const MOBILE_QUERY = '(max-width: 767px)';

/** True below 768 px, following window resizes. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
