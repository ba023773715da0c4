import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const relativeBackendImport = {
  regex: "^(\\.\\./)+backend/",
  message: "Import backend schemas as #backend/schemas/* (and zod-free values as #backend/constants/*).",
};

// House style, "The framework": Remix, React and libraries only through their documented APIs. A package's
// built files and `createRequire` are how its internals get replaced at run time.
const FRAMEWORK_MESSAGE =
  'Use the package\'s documented exports, not its internals (STYLE.md, "The framework").';
const packageInternals = { regex: "(^|/)dist(/|$)", message: FRAMEWORK_MESSAGE };
const routeModuleImport = {
  regex: "^(~/routes/|(\\.\\./)+routes/|\\./routes/)",
  message:
    "Only Remix imports a route module: type a loader's data where the loader lives (its .server module).",
};
const appImportPatterns = [
  {
    regex: "^#backend/(?!schemas/|constants/|log$)",
    message:
      "The app may import only #backend/schemas/*, #backend/constants/* and (in .server modules) #backend/log; call the API for everything else.",
  },
  relativeBackendImport,
  packageInternals,
];
const BROWSER_SCHEMA_MESSAGE =
  "Browser code imports zod schemas as types only: take values from #backend/constants/*, load a form's schema with import(), and parse in a .server module.";
const createRequireImports = ["node:module", "module"].map((name) => ({
  name,
  importNames: ["createRequire"],
  message: FRAMEWORK_MESSAGE,
}));

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "bench-results/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    // The web app talks to the backend only through the API (ARCHITECTURE §1): it may share the backend's
    // schemas (pure zod and helpers), nothing else.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [...appImportPatterns],
          paths: createRequireImports,
        },
      ],
    },
  },
  {
    // A route module is the URL's entry: features, components and helpers never import one (what a
    // loader returns is typed where the loader lives, in the feature's .server module).
    files: ["app/{features,components,utils}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [...appImportPatterns, routeModuleImport],
          paths: createRequireImports,
        },
      ],
    },
  },
  {
    // Code that reaches the browser: zod and the schemas stay out of a page's first download (decision 033).
    // Values come from #backend/constants/*, a form loads its schema with import() (useLiveForm's
    // loadSchema), and loaders and actions that parse live in .server modules. The app's own schema
    // modules are loaded those two ways only.
    files: ["app/**/*.tsx", "app/{features,components,utils}/**/*.ts"],
    ignores: [
      "**/*.server.{ts,tsx}",
      "**/*.test.{ts,tsx}",
      "app/entry.server.tsx",
      "app/features/sale-flow/schemas.ts",
      "app/features/sales/payment-forms.ts",
      "app/features/staff/staff-panel.schema.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", allowTypeImports: true, message: BROWSER_SCHEMA_MESSAGE }],
          patterns: [
            {
              regex: "^#backend/schemas/(?!permissions$|dates$|phone$)",
              allowTypeImports: true,
              message: BROWSER_SCHEMA_MESSAGE,
            },
            {
              regex: "/(schemas|payment-forms|staff-panel\\.schema)$",
              allowTypeImports: true,
              message: BROWSER_SCHEMA_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    // The transport: the one API client, the /api forward, the probes, and the embedded backend's boot.
    // They start the backend through its entry; everything behind it stays the API's.
    files: ["app/api.server.ts", "app/routes/api.$.ts", "app/probes.server.ts", "app/boot.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#backend/(?!schemas/|index$|log$)",
              message: "The transport may import only #backend/index, #backend/log and #backend/schemas/*.",
            },
            relativeBackendImport,
            packageInternals,
          ],
          paths: createRequireImports,
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [packageInternals, routeModuleImport], paths: createRequireImports },
      ],
    },
  },
  {
    // What the imports above cannot see: `module.createRequire`, `require`, `import()` of built files,
    // `UNSAFE_` exports, and assigning to what a module exports.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: {
      "no-import-assign": "error",
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[property.name='createRequire']", message: FRAMEWORK_MESSAGE },
        { selector: "CallExpression[callee.name='require']", message: FRAMEWORK_MESSAGE },
        { selector: "ImportExpression[source.value=/(^|\\/)dist(\\/|$)/]", message: FRAMEWORK_MESSAGE },
        { selector: "ImportSpecifier[imported.name=/^UNSAFE_/]", message: FRAMEWORK_MESSAGE },
        { selector: "MemberExpression[property.name=/^UNSAFE_/]", message: FRAMEWORK_MESSAGE },
      ],
    },
  },
  {
    files: ["backend/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^~/", message: "The backend never imports the web app." },
            { regex: "^(\\.\\./)+app/", message: "The backend never imports the web app." },
          ],
        },
      ],
    },
  },
  {
    // db/ is the schema, the client and the migrations: what runs on top of them (services, the first
    // start's bootstrap, demo data) imports db/, never the other way round.
    files: ["backend/db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^~/", message: "The backend never imports the web app." },
            { regex: "^(\\.\\./)+app/", message: "The backend never imports the web app." },
            {
              regex: "^\\.\\./(services|routes|bootstrap|demo|http)/",
              message: "db/ holds the schema, client and migrations; it imports nothing built on them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**", "scripts/**", "**/*.test.ts"],
    rules: { "no-console": "off" },
  },
);
