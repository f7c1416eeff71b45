import { ErrorCode, ErrorType, type Mode } from '@sdd/contracts';
import { AppError } from '@sdd/common';

/** The header that picks the mode of a session's request, as a key's prefix does. */
export const DASHBOARD_MODE_HEADER = 'dashboard-mode';

/** The mode a Dashboard-Mode header selects: test unless it says live; anything else is refused, naming the header. */
export function dashboardMode(header: string | string[] | undefined): Mode {
  if (header === undefined || header === 'test') return 'test';
  if (header === 'live') return 'live';
  throw new AppError(400, ErrorType.InvalidRequest, ErrorCode.ParameterInvalid, 'Dashboard-Mode must be `test` or `live`.', 'Dashboard-Mode');
}
