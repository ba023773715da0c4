import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  type CallRouteLoader,
  type CallRouteLoaderArgs,
  type RemixResponses,
  carriesRemixParameters,
  handLoadersTheirRequest,
  passRequestsToLoaders,
} from "./loader-request";

const here = createRequire(import.meta.url);
const data = here("@remix-run/server-runtime/dist/data.js") as { callRouteLoader: CallRouteLoader };
const responses = here("@remix-run/server-runtime/dist/responses.js") as RemixResponses & {
  defer(value: object, init?: ResponseInit): unknown;
};
const remixCall = data.callRouteLoader;
const wrapped = handLoadersTheirRequest(remixCall, responses);

function argsFor(url: string, loader: CallRouteLoaderArgs["loader"], singleFetch = true) {
  return {
    loadContext: { cspNonce: "n" },
    loader,
    params: { id: "1" },
    request: new Request(url, { headers: { cookie: "a=b" } }),
    routeId: "routes/x",
    singleFetch,
  };
}

describe("carriesRemixParameters", () => {
  it("finds the parameters Remix strips, however they are spelled in the query", () => {
    const answers = {
      "http://app/sales/all": false,
      "http://app/sales/all?page=2&search=index": false,
      "http://app/sales/all?index": true,
      "http://app/sales/all?page=2&%69ndex=": true,
      "http://app/sales/all?_routes=root": true,
      "http://app/sales/all?_data=root": true,
    };
    for (const [url, carries] of Object.entries(answers))
      expect(carriesRemixParameters(url), url).toBe(carries);
  });
});

describe("handLoadersTheirRequest", () => {
  it("hands a loader the request itself when its URL has nothing Remix strips", async () => {
    const seen: Parameters<CallRouteLoaderArgs["loader"]>[0][] = [];
    const args = argsFor(
      "http://app/sales/all?page=2",
      (loaderArgs) => (seen.push(loaderArgs), { ok: true }),
    );
    await expect(wrapped(args)).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0].request).toBe(args.request);
    expect(seen[0].context).toBe(args.loadContext);
    expect(seen[0].params).toBe(args.params);
  });

  it("leaves a URL with Remix's parameters, and the older data requests, to Remix", async () => {
    for (const [url, singleFetch] of [
      ["http://app/sales/all?index&page=2", true],
      ["http://app/sales/all?_routes=root", true],
      ["http://app/sales/all?page=2", false],
    ] as const) {
      const seen: Request[] = [];
      const args = argsFor(url, ({ request }) => (seen.push(request), null), singleFetch);
      await wrapped(args);
      expect(seen[0]).not.toBe(args.request);
      expect(seen[0].url).toBe(url.replace(/index&|\?_routes=root/, ""));
    }
  });

  it("answers as Remix's own call does, whatever the loader gives back", async () => {
    const answers: unknown[] = [
      { rows: [1, 2] },
      null,
      0,
      "text",
      new Response("x", { status: 201, headers: { "X-A": "b" } }),
      responses.defer({ later: Promise.resolve(1) }),
      responses.defer({}, { status: 302, headers: { Location: "/there" } }),
    ];
    for (const answer of answers) {
      const ours = await wrapped(argsFor("http://app/a", () => answer));
      const remix = await remixCall(argsFor("http://app/a?index", () => answer));
      if (remix instanceof Response) {
        expect(ours).toBeInstanceOf(Response);
        const response = ours as Response;
        expect([response.status, [...response.headers]]).toEqual([remix.status, [...remix.headers]]);
      } else {
        expect(ours).toBe(remix);
      }
    }
  });

  it("refuses a loader that answers nothing with Remix's message", async () => {
    const remix = remixCall(argsFor("http://app/a?index", () => undefined));
    const message = await remix.catch((error: Error) => error.message);
    expect(message).toContain('loader for route "routes/x"');
    await expect(wrapped(argsFor("http://app/a", () => undefined))).rejects.toThrow(message as string);
  });

  it("lets a loader's own error through", async () => {
    const thrown = new Response(null, { status: 404 });
    await expect(
      wrapped(
        argsFor("http://app/a", () => {
          throw thrown;
        }),
      ),
    ).rejects.toBe(thrown);
  });
});

describe("passRequestsToLoaders", () => {
  it("replaces the export Remix's server routes call for every loader", async () => {
    const routes = createRequire(here.resolve("@remix-run/server-runtime/dist/server.js"))("./routes.js") as {
      createStaticHandlerDataRoutes(
        manifest: object,
        future: object,
      ): { loader(args: { request: Request; params: object; context: object }): Promise<unknown> }[];
    };
    const seen: Request[] = [];
    const manifest = {
      root: {
        id: "root",
        path: "",
        module: { loader: ({ request }: { request: Request }) => seen.push(request) },
      },
    };
    // The app's build reaches Remix through `@remix-run/node`: the same module instance must answer there.
    const fromNode = createRequire(here.resolve("@remix-run/node"));
    expect(fromNode("@remix-run/server-runtime/dist/data.js")).toBe(data);
    const [root] = routes.createStaticHandlerDataRoutes(manifest, { v3_singleFetch: true });
    const request = new Request("http://app/sales/all?page=2");
    try {
      passRequestsToLoaders();
      expect(data.callRouteLoader).not.toBe(remixCall);
      await root.loader({ request, params: {}, context: {} });
      expect(seen[0]).toBe(request);
    } finally {
      data.callRouteLoader = remixCall;
    }
    await root.loader({ request, params: {}, context: {} });
    expect(seen[1]).not.toBe(request);
  });
});
