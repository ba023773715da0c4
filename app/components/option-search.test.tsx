import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { OptionSearch, SearchableSelect } from "./option-search";

/** Server markup at `location`, in a data router as Remix renders it (a `Form` needs one). */
async function render(element: React.ReactElement, location = "/customers/all/new") {
  const { query, dataRoutes } = createStaticHandler([{ path: "*", element }]);
  const context = await query(new Request(`http://app.test${location}`));
  if (context instanceof Response) throw new Error("the page redirected");
  const router = createStaticRouter(dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const agents = (shown: number, total: number) => ({
  options: Array.from({ length: shown }, (_, index) => ({ value: `a${index}`, label: `Agent ${index}` })),
  total,
});

describe("a select too long to list whole", () => {
  it("offers its search only when some choices are left out or a search is on", async () => {
    const search = (choices: ReturnType<typeof agents>, location?: string) =>
      render(
        <OptionSearch name="agentSearch" label="Find the registering agent" choices={choices} />,
        location,
      );
    expect(await search(agents(2, 2))).toBe("");
    expect(await search(agents(100, 340))).toContain("The list below shows 100 of 340: search to narrow it.");
    expect(await search(agents(1, 1), "/customers/all/new?agentSearch=ada&page=2")).toMatch(
      /<input type="hidden" name="page" value="2"\/>.*value="ada"/,
    );
  });

  it("leaves the search and the select out when the role may not read the choices", async () => {
    expect(
      await render(<OptionSearch name="agentSearch" label="Find the registering agent" choices={null} />),
    ).toBe("");
    expect(
      await render(<SearchableSelect label="Agent" name="agentId" placeholder="No agent" choices={null} />),
    ).toBe("");
  });

  it("lists the choices read in the select", async () => {
    const html = await render(
      <SearchableSelect label="Agent" name="agentId" placeholder="No agent" choices={agents(2, 9)} />,
    );
    expect(html).toContain('<option value="">No agent</option><option value="a0">Agent 0</option>');
  });
});
