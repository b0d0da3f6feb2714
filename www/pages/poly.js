// The poly page (placeholder until its issue lands).
export function mount(root) {
  root.innerHTML = '<h1 class="page-title">poly</h1><p class="notice">This tool is being built.</p>';
}
