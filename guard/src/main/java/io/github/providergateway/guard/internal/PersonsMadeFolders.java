package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A file in a folder of the home the person made for their own work (issue 80, decision 335): the
 * translator's {@code ~/Translation/TM/master.tmx} and {@code ~/Finance/Rechnungen/RE-117.tex}, a
 * farm's {@code ~/HerdPro/herd.db}, a lawyer's {@code ~/Kanzlei/Akten/…}, a musician's {@code
 * ~/Studio/Mixes/…}. The desktops' own folders ({@link PersonsPlaces}: Documents, Pictures, …) are
 * where a desktop puts the person's files; round 76's translator kept fifteen years of work in
 * folders she named herself, in her own language, and each trade names its own. Whatever the name,
 * a folder right below the home that is neither hidden nor a developer's or a tool's tree holds the
 * person's work, often the only copy, outside the project the agent was given: the agents' own
 * default asks before an edit outside the working folder, and so does this, by the shape of the
 * path rather than the trade's words.
 *
 * <p>Not read here, so that this never meets what the rules call local test data ({@link
 * Environments#localTestData}: a file of the project or {@code /tmp} whose name says test or
 * development): a path with any part that says test, development, scratch or a fixture ({@link
 * Environments#testName}); a hidden folder (a tool's: {@code ~/.lighthouse}, {@code ~/.config},
 * which their own rules read); a code tree ({@code ~/src}, {@code ~/projects/x}, {@code ~/go}), a
 * build's, a virtual environment's or an installer's folder ({@code ~/bin}, {@code ~/opt}, {@code
 * ~/miniconda3}); a file of code or of a tool's configuration by its name ({@code .py}, {@code
 * .yml}, {@code Makefile}: a developer's tree whatever the folder's name); the downloads folder,
 * backups, caches, the trash and temporary folders; a file right in the home (its dotfiles are
 * their rules').
 */
final class PersonsMadeFolders {
  private PersonsMadeFolders() {}

  /** The folders that hold code, a build, a tool, a download or what a program makes again. */
  private static final Set<String> NOT_THE_PERSONS =
      NameSet.of(
          "src",
          "source",
          "sources",
          "code",
          "coding",
          "dev",
          "development",
          "projects",
          "project",
          "repos",
          "repo",
          "repositories",
          "git",
          "github",
          "gitlab",
          "workspace",
          "workspaces",
          "work",
          "go",
          "build",
          "builds",
          "dist",
          "target",
          "out",
          "node_modules",
          "vendor",
          "venv",
          ".venv",
          "venvs",
          "envs",
          "site-packages",
          "bin",
          "sbin",
          "lib",
          "opt",
          "apps",
          "applications",
          "tools",
          "sdk",
          "sdks",
          "android",
          "ideaprojects",
          "androidstudioprojects",
          "eclipse-workspace",
          "miniconda3",
          "anaconda3",
          "miniforge3",
          "downloads",
          "download",
          "examples",
          "samples",
          "demo",
          "demos",
          "backup",
          "backups",
          ".cache",
          "cache",
          "caches",
          "trash",
          ".trash",
          ".local",
          "snap",
          "tmp",
          "temp");

  /**
   * A file of code or of a tool's configuration, by its name: a folder of the home that holds one
   * is a developer's tree whatever its name ({@code ~/netops/host_vars/sw2.yml}, {@code
   * ~/homelab/docker-compose.yml}), where the agent edits as it does in the project.
   */
  private static final Pattern CODE =
      Pattern.compile(
          "(?i)\\.(?:py|js|mjs|cjs|ts|tsx|jsx|java|kt|kts|go|rs|c|h|cc|cpp|hpp|cs|rb|php|pl|pm|sh"
              + "|bash|zsh|fish|ps1|lua|r|jl|scala|swift|sql|j2|jinja2?|tmpl|tpl|ya?ml|json|toml"
              + "|ini|cfg|conf|properties|env|lock|tf|tfvars|hcl|xml|gradle|mk|cmake|vue|svelte"
              + "|css|scss|less|html?|ipynb|patch|diff)$|^(?:makefile|dockerfile|[^.]*file)$");

  /**
   * Whether a path below a home, as {@link PersonsPlaces} gives it ({@code Finance/ledger.csv}), is
   * a file in a folder the person made.
   *
   * @param belowHome the path below the home, without a leading slash
   * @return whether it is
   */
  static boolean holds(String belowHome) {
    String[] parts = belowHome.split("/");
    if (parts.length < 2 || parts.length > 12) {
      return false; // a file right in the home is its dotfiles' rules'
    }
    if (PatternLiterals.finds(CODE, parts[parts.length - 1])) {
      return false; // ~/netops/host_vars/sw2.yml: a developer's tree, edited as the project is
    }
    for (String part : parts) {
      if (part.isEmpty()
          || part.startsWith(".") // a tool's own folder (~/.lighthouse): its family reads it
          || part.equals("..")
          || NOT_THE_PERSONS.contains(part.toLowerCase(Locale.ROOT))
          || Environments.testName(part)) {
        return false;
      }
    }
    return true;
  }
}
