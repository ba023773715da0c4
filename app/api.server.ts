import { data } from "@remix-run/node";
import type { z } from "zod";
import { getBackend } from "#backend/index";
import { ErrorBodySchema } from "#backend/schemas/errors";
import { appConfig } from "./config.server";
import { getSessionData, requireSession, signOut } from "./session.server";
import type { ApiFailure } from "./utils/error-catalogue";
import { describeFailure } from "./utils/error-catalogue";
import { log, requestContext } from "#backend/log";

// The app's one way to the backend: in-process by default, over HTTP when API_BASE_URL is set.

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type Query = Record<string, string | number | boolean | null | undefined>;

export type ApiCall = {
  method?: Method;
  path: `/v1/${string}`;
  query?: Query;
  body?: unknown;
  formData?: FormData;
  token?: string;
  /** So the backend's audit log can see the client address. */
  from?: Request;
};

export type ApiAnswer =
  { ok: true; status: number; body: unknown; headers: Headers } | { ok: false; failure: ApiFailure };

function buildUrl(base: string, call: ApiCall) {
  const url = new URL(`${base}/api${call.path}`);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  return url;
}

async function transport(call: ApiCall): Promise<Response> {
  const { apiBaseUrl } = appConfig();
  const headers = new Headers({ Accept: "application/json" });
  if (call.token) headers.set("Authorization", `Bearer ${call.token}`);
  if (call.body !== undefined && !call.formData) headers.set("Content-Type", "application/json");
  const forwardedFor = call.from?.headers.get("x-forwarded-for");
  if (forwardedFor) headers.set("X-Forwarded-For", forwardedFor);
  // A separately run API logs its lines under the page request's id.
  const requestId = requestContext.getStore()?.id;
  if (requestId) headers.set("X-Request-Id", requestId);
  const init: RequestInit = {
    method: call.method ?? "GET",
    headers,
    body: call.formData ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
  };
  if (apiBaseUrl) return fetch(buildUrl(apiBaseUrl, call), init);
  const backend = await getBackend();
  return backend.fetch(new Request(buildUrl("http://in-process", call), init));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Never throws for HTTP or network trouble: the answer says what happened. */
export async function callApi(call: ApiCall): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await transport(call);
  } catch (error) {
    log.warn(`API ${call.method ?? "GET"} ${call.path} got no response: ${String(error)}`);
    return { ok: false, failure: { status: 0 } };
  }
  const body = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, body, headers: response.headers };
  const parsed = ErrorBodySchema.safeParse(body);
  return {
    ok: false,
    failure: parsed.success
      ? {
          status: response.status,
          message: parsed.data.message,
          fieldErrors: parsed.data.fieldErrors,
          body,
        }
      : { status: response.status },
  };
}

/** An answer that does not match the contract is a server fault, not something to render. */
export function parseAnswer<Schema extends z.ZodTypeAny>(
  schema: Schema,
  answer: { body: unknown },
  path: string,
): { ok: true; data: z.infer<Schema> } | { ok: false; failure: ApiFailure } {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return { ok: true, data: parsed.data };
  log.error(`API ${path} answered an unexpected shape: ${parsed.error.message}`);
  return { ok: false, failure: { status: 502, message: "Unexpected answer from the server" } };
}

export async function throwFailure(request: Request, failure: ApiFailure): Promise<never> {
  const description = describeFailure(failure);
  if (description.kind === "unauthorized") throw await signOut(request, { toast: description.toast });
  throw data(description, { status: failure.status === 0 ? 503 : failure.status });
}

export async function apiRead<Schema extends z.ZodTypeAny>(
  request: Request,
  path: ApiCall["path"],
  schema: Schema,
  query?: Query,
): Promise<z.infer<Schema>> {
  const { token } = await requireSession(request);
  const answer = await callApi({ path, query, token, from: request });
  if (!answer.ok) return throwFailure(request, answer.failure);
  const parsed = parseAnswer(schema, answer, path);
  if (!parsed.ok) return throwFailure(request, parsed.failure);
  return parsed.data;
}

type Answer<Schema extends z.ZodTypeAny> =
  { ok: true; data: z.infer<Schema> } | { ok: false; failure: ApiFailure };

async function signedInCall<Schema extends z.ZodTypeAny>(
  request: Request,
  call: Omit<ApiCall, "token" | "from">,
  schema: Schema,
  throwOn: number[],
): Promise<Answer<Schema>> {
  const { token } = await requireSession(request);
  const answer = await callApi({ ...call, token, from: request });
  if (!answer.ok) {
    if (throwOn.includes(answer.failure.status)) return throwFailure(request, answer.failure);
    return answer;
  }
  return parseAnswer(schema, answer, call.path);
}

/** The action shows the refusal itself; a 403 is the Access Denied panel, with no toast (spec 000 §6). */
export function apiWrite<Schema extends z.ZodTypeAny>(
  request: Request,
  call: Omit<ApiCall, "token" | "from">,
  schema: Schema,
): Promise<Answer<Schema>> {
  return signedInCall(request, call, schema, [401, 403]);
}

/** A 403 here is about what the form chose (a role to give), not the page, so the action answers it. */
export function apiWriteOrRefusal<Schema extends z.ZodTypeAny>(
  request: Request,
  call: Omit<ApiCall, "token" | "from">,
  schema: Schema,
): Promise<Answer<Schema>> {
  return signedInCall(request, call, schema, [401]);
}

export function apiWriteMultipart<Schema extends z.ZodTypeAny>(
  request: Request,
  call: { method: "POST" | "PATCH" | "PUT"; path: ApiCall["path"]; formData: FormData },
  schema: Schema,
): Promise<Answer<Schema>> {
  return signedInCall(request, call, schema, [401, 403]);
}

/** For reads that may fail without failing the page (a select's options): all but a 401 come back. */
export function apiReadOrFailure<Schema extends z.ZodTypeAny>(
  request: Request,
  path: ApiCall["path"],
  schema: Schema,
  query?: Query,
): Promise<Answer<Schema>> {
  return signedInCall(request, { path, query }, schema, [401]);
}

/** For resource routes (an image's bytes); a refusal is answered with the API's status and no body. */
export async function apiPassThrough(
  request: Request,
  path: ApiCall["path"],
  query?: Query,
): Promise<Response> {
  const session = await getSessionData(request);
  if (!session) return new Response(null, { status: 401 });
  return passThrough({ path, query, token: session.token, from: request });
}

/** The same for a route the API answers to anyone (an image), so no session is asked for. */
export function apiPublicPassThrough(request: Request, path: ApiCall["path"]): Promise<Response> {
  return passThrough({ path, from: request });
}

async function passThrough(call: ApiCall): Promise<Response> {
  try {
    const response = await transport(call);
    if (!response.ok) return new Response(null, { status: response.status });
    return response;
  } catch (error) {
    log.warn(`API GET ${call.path} got no response: ${String(error)}`);
    return new Response(null, { status: 503 });
  }
}
