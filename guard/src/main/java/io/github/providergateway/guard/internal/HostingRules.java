package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;

/**
 * A hosted repository deleted whole, with its issues, pull requests, releases and wiki: {@code gh
 * repo delete}, {@code glab repo delete}, and the same through the hosts' APIs ({@code gh api -X
 * DELETE repos/OWNER/REPO}, {@code curl -X DELETE https://api.github.com/repos/OWNER/REPO}). An API
 * call is read for its method and its path, so deleting one issue comment or one branch ({@code
 * repos/o/r/git/refs/heads/x}) is not the repository.
 */
final class HostingRules implements Family {
  private static final BuiltinRule CLOUD_DELETE = RuleBook.rule("cloud.delete");

  /**
   * The book's {@code cloud.repo-delete}, its clauses tried in this loop: where one holds, the
   * program is not also a cloud delete.
   */
  private final BookRules repoDelete;

  /**
   * The family, trying the book's clauses of {@code cloud.repo-delete} in its loop.
   *
   * @param repoDelete those clauses ({@link BookRules#triedInALoop})
   */
  HostingRules(BookRules repoDelete) {
    this.repoDelete = repoDelete;
  }

  static final BuiltinRule PUBLISHES = RuleBook.rule("publish.visibility");
  private static final BuiltinRule PUSH_DELETE = RuleBook.rule("git.push-delete");
  private static final BuiltinRule PUSH_FORCE = RuleBook.rule("git.push-force");

  /**
   * The predicates of {@code cloud.repo-delete}: {@code gh repo delete}, {@code glab repo delete},
   * {@code gh api -X DELETE repos/OWNER/REPO}; a DELETE of a repository on GitHub's or GitLab's API
   * by curl and httpie.
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("cli-deletes-repository", (scan, step, read) -> cli(step));
    named.put("request-deletes-repository", (scan, step, read) -> rest(step.args()));
  }

  @Override
  public void scan(Scan scan) {
    for (Step step : scan.steps()) {
      boolean repository = repoDelete.scan(scan, step); // the repository itself, above all
      if (!repository
          && ProgramKind.DOWNLOADER.names(step.program())
          && HttpDeletes.deletes(step.args())
          && !LocalUrls.only(step)) {
        // A DELETE sent anywhere but this machine removes something the person may not get back:
        // a server, a bucket's object, a release. Which hosts matter cannot be listed (issue 60,
        // set B: DigitalOcean's API), so every one is asked about, and a URL the guard cannot read
        // too.
        scan.hit(CLOUD_DELETE, step, null);
      } else if (!repository
          && (step.program().equals("gh") || step.program().equals("glab"))
          && hostedDelete(step)) {
        scan.hit(CLOUD_DELETE, step, null);
      }
      if (step.program().equals("gh")) {
        refs(scan, step);
      }
      if (ProgramKind.DOWNLOADER.names(step.program()) && createsPublicly(step.args())) {
        scan.hit(PUBLISHES, step, null);
      }
    }
  }

  /**
   * gh api on a repository's refs (issue 60, red team): a DELETE of refs/heads/… deletes the remote
   * branch (as git push --delete), a PATCH with force=true moves it whatever it held (as git push
   * --force).
   */
  private static void refs(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    if (args.isEmpty() || !args.get(0).equals("api")) {
      return;
    }
    String endpoint = null;
    String method = "GET";
    boolean force = false;
    for (int i = 1; i < args.size(); i++) {
      String t = args.get(i);
      if ((t.equals("-X") || t.equals("--method")) && i + 1 < args.size()) {
        method = args.get(++i);
      } else if (t.startsWith("-X") && t.length() > 2) {
        method = t.substring(2); // -XDELETE
      } else if (t.startsWith("--method=")) {
        method = t.substring(9);
      } else if ((t.equals("-f")
              || t.equals("-F")
              || t.equals("--field")
              || t.equals("--raw-field"))
          && i + 1 < args.size()) {
        force |= args.get(++i).replace(" ", "").equalsIgnoreCase("force=true");
      } else if (!t.startsWith("-") && endpoint == null) {
        endpoint = t;
      }
    }
    if (endpoint == null || !endpoint.matches("/?repos/[^/]+/[^/]+/git/refs/.+")) {
      return;
    }
    if (method.equalsIgnoreCase("DELETE")) {
      scan.hit(PUSH_DELETE, step, null);
    } else if (method.equalsIgnoreCase("PATCH") && force) {
      scan.hit(PUSH_FORCE, step, null);
    }
  }

  private static boolean cli(Step step) {
    List<String> args = step.invocation().args();
    int repo = args.indexOf("repo");
    if (repo >= 0 && repo + 1 < args.size() && args.get(repo + 1).equals("delete")) {
      return true;
    }
    if (args.isEmpty() || !args.get(0).equals("api")) {
      return false;
    }
    Argv argv =
        Argv.of(
            step.args(),
            "XHfFqtp",
            "method",
            "header",
            "raw-field",
            "field",
            "input",
            "jq",
            "template",
            "hostname",
            "preview",
            "cache");
    String method = argv.value('X') != null ? argv.value('X') : argv.value("method");
    if (method == null || !method.equalsIgnoreCase("DELETE")) {
      return false;
    }
    List<Word> pos = argv.positionals();
    return pos.size() >= 2 && wholeRepository(pos.get(1).text());
  }

  /**
   * gh's and glab's deletes of what a repository or account holds on the host, short of the
   * repository itself: {@code gh release delete}, {@code gh secret delete}, {@code glab variable
   * delete}, {@code gh repo deploy-key delete}, and any {@code gh api -X DELETE} (a branch's
   * protection, a comment). The person's token does them, and the host keeps no copy.
   */
  private static boolean hostedDelete(Step step) {
    List<String> args = step.invocation().args();
    if (!args.isEmpty() && args.get(0).equals("api")) {
      return HttpDeletes.deletes(step.args());
    }
    for (int i = 1; i < Math.min(args.size(), 3); i++) {
      if (args.get(i).equals("delete") && !args.get(i - 1).startsWith("-")) {
        return true;
      }
    }
    return false;
  }

  /** curl and httpie: a DELETE of a repository on GitHub's or GitLab's API. */
  private static boolean rest(List<Word> args) {
    if (!HttpDeletes.deletes(args)) {
      return false; // most requests: no path read at all
    }
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      int api = word.indexOf("://api.github.com/");
      if (api >= 0 && wholeRepository(word.substring(api + "://api.github.com/".length()))) {
        return true;
      }
      int gitlab = word.indexOf("/api/v4/");
      if (gitlab >= 0 && wholeRepository(word.substring(gitlab + "/api/v4/".length()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A request that creates a gist or a repository through GitHub's API ({@code POST /gists}, {@code
   * POST /user/repos}, {@code POST /orgs/O/repos}) with a body the guard cannot read to be private:
   * a gist is readable by anyone with its address, and the body may say public.
   */
  private static boolean createsPublicly(List<Word> args) {
    boolean sends = false;
    boolean endpoint = false;
    for (Word word : args) {
      String t = word.text();
      sends |=
          t.startsWith("-d")
              || t.startsWith("--data")
              || t.equals("--json")
              || t.startsWith("-F")
              || t.equals("--form")
              || t.equalsIgnoreCase("POST")
              || t.equalsIgnoreCase("-XPOST");
      int api = t.indexOf("://api.github.com/");
      if (api >= 0) {
        String path = t.substring(api + "://api.github.com/".length()).replaceAll("[?#].*$", "");
        endpoint |=
            path.equals("gists") || path.equals("user/repos") || path.matches("orgs/[^/]+/repos");
      }
    }
    return sends && endpoint;
  }

  /**
   * Whether an API path names a whole repository ({@code repos/OWNER/REPO}, GitLab's {@code
   * projects/ID}) or organisation, and nothing below it.
   */
  static boolean wholeRepository(String endpoint) {
    String path = endpoint.startsWith("/") ? endpoint.substring(1) : endpoint;
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    if (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    String[] parts = path.split("/", -1);
    return switch (parts[0]) {
      case "repos" -> parts.length == 3;
      case "projects", "orgs", "groups" -> parts.length == 2;
      default -> false;
    };
  }
}
