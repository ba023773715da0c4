import { ESLint } from "eslint";

const eslint = new ESLint();

/** The import-boundary messages ESLint gives `code` as if it were the file at `filePath`. */
async function importRefusals(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

const importing = (specifier: string) => `import { something } from "${specifier}";\nvoid something;\n`;

describe("the import boundaries between the web app and the backend", () => {
  it("let a web app module share the backend's schemas and nothing else", async () => {
    expect(await importRefusals("app/routes/x.tsx", importing("#backend/schemas/customers"))).toEqual([]);
    expect(await importRefusals("app/routes/x.tsx", importing("#backend/services/customers"))).toEqual([
      "'#backend/services/customers' import is restricted from being used by a pattern. The app may import only #backend/schemas/*; call the API for everything else.",
    ]);
    expect(await importRefusals("app/routes/x.tsx", importing("#backend/index"))).toHaveLength(1);
    expect(await importRefusals("app/utils/x.ts", importing("../../backend/schemas/customers"))).toHaveLength(
      1,
    );
  });

  it("let the transport start the backend through its entry, and reach nothing behind it", async () => {
    for (const transport of [
      "app/api.server.ts",
      "app/routes/api.$.ts",
      "app/routes/healthz.ts",
      "app/boot.server.ts",
    ]) {
      expect(await importRefusals(transport, importing("#backend/index")), transport).toEqual([]);
      expect(await importRefusals(transport, importing("#backend/schemas/errors")), transport).toEqual([]);
      expect(await importRefusals(transport, importing("#backend/services/customers")), transport).toEqual([
        "'#backend/services/customers' import is restricted from being used by a pattern. The transport may import only #backend/index and #backend/schemas/*.",
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
