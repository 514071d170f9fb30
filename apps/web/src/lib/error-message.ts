import { ApiError } from '@/lib/api-client';

/**
 * The sentence to show a person for a failed call: the server's Spanish `message` when the body is
 * the API's error shape `{ code, message }`, otherwise the '{status}: {body}' text of the error.
 */
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
};
