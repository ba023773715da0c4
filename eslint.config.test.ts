import { ESLint } from "eslint";

const eslint = new ESLint();

/** The import-boundary messages ESLint gives `code` as if it were the file at `filePath`. */
async function importRefusals(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId?.endsWith("no-restricted-imports"))
    .map((message) => message.message);
}

const importing = (specifier: string) => `import { something } from "${specifier}";\nvoid something;\n`;

describe("the import boundaries between the web app and the backend", () => {
  it("let a web app module share the backend's schemas and nothing else", async () => {
    expect(await importRefusals("app/routes/x.server.ts", importing("#backend/schemas/customers"))).toEqual(
      [],
    );
    expect(await importRefusals("app/routes/x.tsx", importing("#backend/constants/products"))).toEqual([]);
    expect(await importRefusals("app/routes/x.tsx", importing("#backend/services/customers"))).toEqual([
      "'#backend/services/customers' import is restricted from being used by a pattern. The app may import only #backend/schemas/*, #backend/constants/* and (in .server modules) #backend/log; call the API for everything else.",
    ]);
    expect(await importRefusals("app/routes/x.tsx", importing("#backend/index"))).toHaveLength(1);
    expect(await importRefusals("app/utils/x.ts", importing("../../backend/schemas/customers"))).toHaveLength(
      1,
    );
  });

  it("keep zod and the schemas out of code that reaches the browser, except as types", async () => {
    const typeOnly = 'import type { Sale } from "#backend/schemas/sales";\nexport type S = Sale;\n';
    for (const browser of ["app/routes/x.tsx", "app/features/sales/x.ts", "app/components/x.tsx"]) {
      expect(await importRefusals(browser, importing("#backend/schemas/sales")), browser).toHaveLength(1);
      expect(await importRefusals(browser, importing("zod")), browser).toHaveLength(1);
      expect(await importRefusals(browser, importing("~/features/sale-flow/schemas")), browser).toHaveLength(
        1,
      );
      expect(await importRefusals(browser, typeOnly), browser).toEqual([]);
      expect(await importRefusals(browser, importing("#backend/schemas/permissions")), browser).toEqual([]);
    }
    expect(await importRefusals("app/features/sales/x.server.ts", importing("zod"))).toEqual([]);
  });

  it("let the transport start the backend through its entry, and reach nothing behind it", async () => {
    for (const transport of [
      "app/api.server.ts",
      "app/routes/api.$.ts",
      "app/probes.server.ts",
      "app/boot.server.ts",
    ]) {
      expect(await importRefusals(transport, importing("#backend/index")), transport).toEqual([]);
      expect(await importRefusals(transport, importing("#backend/schemas/errors")), transport).toEqual([]);
      expect(await importRefusals(transport, importing("#backend/services/customers")), transport).toEqual([
        "'#backend/services/customers' import is restricted from being used by a pattern. The transport may import only #backend/index, #backend/log and #backend/schemas/*.",
      ]);
      expect(await importRefusals(transport, importing("#backend/db/client")), transport).toHaveLength(1);
    }
  });

  it("keep the backend from importing the web app", async () => {
    expect(await importRefusals("backend/services/x.ts", importing("~/utils/format"))).toEqual([
      "'~/utils/format' import is restricted from being used by a pattern. The backend never imports the web app.",
    ]);
    expect(await importRefusals("backend/services/x.ts", importing("../../app/utils/format"))).toHaveLength(
      1,
    );
    expect(await importRefusals("backend/services/x.ts", importing("./search"))).toEqual([]);
  });
});

describe("the framework's internals (STYLE.md, 'The framework')", () => {
  /** Every rule ID ESLint reports for `code` as if it were the file at `filePath`. */
  async function refusals(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.map((message) => message.ruleId);
  }

  const webAppAndServer = ["app/routes/x.tsx", "app/api.server.ts", "app/entry.server.tsx", "server/x.ts"];

  it("refuse a package's built files, statically or dynamically imported", async () => {
    for (const file of webAppAndServer) {
      expect(await refusals(file, importing("@remix-run/react/dist/routes.js")), file).toEqual([
        "no-restricted-imports",
      ]);
      expect(await refusals(file, importing("@remix-run/server-runtime/dist")), file).toEqual([
        "no-restricted-imports",
      ]);
      expect(await refusals(file, 'void import("@remix-run/dev/dist/config.js");\n'), file).toEqual([
        "no-restricted-syntax",
      ]);
    }
  });

  it("refuse createRequire, require and UNSAFE_ exports", async () => {
    for (const file of webAppAndServer) {
      expect(
        await refusals(file, importing("node:module").replaceAll("something", "createRequire")),
        file,
      ).toEqual(["no-restricted-imports"]);
      expect(
        await refusals(file, 'import module from "node:module";\nvoid module.createRequire(".");\n'),
        file,
      ).toEqual(["no-restricted-syntax"]);
      expect(
        await refusals(
          file,
          'import { UNSAFE_convertRoutesToDataRoutes as c } from "@remix-run/router";\nvoid c;\n',
        ),
        file,
      ).toEqual(["no-restricted-syntax"]);
      expect(await refusals(file, 'export const data = require("x");\n'), file).toContain(
        "no-restricted-syntax",
      );
    }
  });

  it("refuse assigning to what a module exports", async () => {
    const patch =
      'import * as router from "@remix-run/router";\nObject.assign(router, {});\nrouter.matchRoutes = () => null;\n';
    expect(await refusals("server/x.ts", patch)).toContain("no-import-assign");
    expect(await refusals("app/utils/x.ts", patch)).toContain("no-import-assign");
  });

  it("let the documented exports through", async () => {
    for (const file of webAppAndServer) {
      expect(await refusals(file, importing("@remix-run/react")), file).toEqual([]);
      expect(await refusals(file, importing("~/utils/distance")), file).toEqual([]);
    }
  });
});
