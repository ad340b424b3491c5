import type { components } from './schema';
import type { ErrorCode, ErrorDetails } from './types';

/** A field's problem as a reason code with its parameters (docs/api.md lists the codes). */
export type FieldProblem = components['schemas']['ApiFieldProblem'];
/** field → its problem; every field of `details` has one. */
export type FieldProblems = Record<string, FieldProblem>;

export const API_BASE = '/api/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  /** The same fields as details, each as a code to translate rather than English text. */
  readonly problems: FieldProblems;

  constructor(status: number, code: ErrorCode, message: string, details: ErrorDetails = {}, problems: FieldProblems = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.problems = problems;
  }

  /** Names of the fields a `validation_failed` error complains about. */
  get fields(): string[] {
    return Object.keys(this.details);
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** A file sent as the body itself (multipart is not needed for one file). */
  file?: Blob;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The well-formed entries of an envelope's problems: each an object with a code. */
function fieldProblems(raw: Record<string, unknown>): FieldProblems {
  const out: FieldProblems = {};
  for (const [field, p] of Object.entries(raw)) {
    if (!isRecord(p) || typeof p.code !== 'string') continue;
    out[field] = isRecord(p.params) ? { code: p.code, params: p.params } : { code: p.code };
  }
  return out;
}

function fallbackCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 429:
      return 'rate_limited';
    default:
      return 'invalid_response';
  }
}

/** Turns a failed response's body into an ApiError, using the error envelope when there is one. */
export function parseErrorBody(status: number, statusText: string, body: unknown): ApiError {
  if (isRecord(body) && isRecord(body.error)) {
    const { code, message, details, problems } = body.error;
    if (typeof code === 'string' && code !== '') {
      return new ApiError(
        status,
        code,
        typeof message === 'string' ? message : statusText,
        isRecord(details) ? details : {},
        isRecord(problems) ? fieldProblems(problems) : {},
      );
    }
  }
  return new ApiError(status, fallbackCode(status), statusText || `HTTP ${status}`);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  return JSON.parse(text) as unknown;
}

/** A successful response: the decoded body with the status and headers it came with. */
export interface ApiResponse<T> {
  body: T;
  status: number;
  headers: Headers;
}

/**
 * Calls the API at `path` (relative to /api/v1). Resolves with the decoded JSON body, or
 * `undefined` for an empty body (204); rejects with an ApiError for every failure, including
 * network errors (status 0).
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestResponse<T>(method, path, options)).body;
}

/** Like request, but resolves with the status and headers too (e.g. X-Map-Revision). */
export async function requestResponse<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  } else if (options.file !== undefined) {
    headers['Content-Type'] = options.file.type || 'application/octet-stream';
    init.body = options.file;
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', err instanceof Error ? err.message : 'Network error');
  }

  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    if (!response.ok) throw parseErrorBody(response.status, response.statusText, undefined);
    throw new ApiError(response.status, 'invalid_response', 'The response is not valid JSON');
  }

  if (!response.ok) throw parseErrorBody(response.status, response.statusText, body);
  return { body: body as T, status: response.status, headers: response.headers };
}
