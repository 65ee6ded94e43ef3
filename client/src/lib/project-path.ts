/** Project URLs read `/p/shop-demo`; an id in their place keeps working. */
export interface ProjectRef {
  id: string;
  slug: string;
}

export function projectPath(project: ProjectRef): string {
  return `/p/${encodeURIComponent(project.slug)}`;
}

/** Whether the `:project` of a URL names this project, by slug or by id. */
export function namesProject(param: string | undefined, project: ProjectRef): boolean {
  return param === project.id || param?.toLowerCase() === project.slug;
}
