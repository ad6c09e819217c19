package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the {@code depots.*} rules ask (decision 111): the code's custody. Perforce's depot, where a
 * file's history, a teammate's shelf and the exclusive lock on an unmergeable asset are shared by
 * everyone ({@code p4 obliterate -y}, {@code p4 shelve -d -f}, {@code p4 unlock -f}, {@code p4
 * protect -i}, {@code p4 -u p4admin}); a repository handed to another owner; reviews approved in a
 * loop. Perforce's global options ({@code -u user}, {@code -c client}, {@code -p port}) are read
 * before its command, as {@code p4 -u p4admin unlock -f} writes them.
 */
final class Depots {
  private Depots() {}

  /** Perforce's global options that take a value. */
  private static final Set<String> P4_VALUED =
      NameSet.of(
          "-b", "-c", "-C", "-d", "-H", "-L", "-p", "-P", "-r", "-u", "-v", "-x", "-z", "-Q");

  /** Perforce's commands whose {@code -d -f} deletes what another user owns. */
  private static final Set<String> P4_OWNED =
      NameSet.of(
          "shelve",
          "change",
          "changelist",
          "client",
          "workspace",
          "user",
          "branch",
          "label",
          "stream",
          "group",
          "remote",
          "server",
          "ldap");

  /** Perforce's commands that change what the depot's files and people may do. */
  private static final Set<String> P4_RIGHTS =
      NameSet.of("protect", "typemap", "triggers", "group", "groups", "license", "ldap", "depot");

  /** Perforce's commands that change the depot or someone's work. */
  private static final Set<String> P4_WRITES =
      NameSet.of(
          "edit",
          "add",
          "delete",
          "submit",
          "revert",
          "shelve",
          "unshelve",
          "unlock",
          "lock",
          "integrate",
          "integ",
          "copy",
          "merge",
          "move",
          "rename",
          "resolve",
          "reopen",
          "change",
          "changelist",
          "client",
          "workspace",
          "obliterate",
          "populate",
          "protect",
          "typemap",
          "triggers",
          "user",
          "group",
          "configure",
          "admin",
          "counter",
          "stream",
          "label",
          "tag",
          "branch",
          "archive",
          "retype",
          "undo",
          "fix",
          "passwd",
          "unload",
          "reload");

  /** Names of an account that acts for the server rather than for the person. */
  private static final Pattern ADMIN_USER =
      Pattern.compile("(?i)admin|super|root|perforce|p4d|service|operator");

  /** A Perforce command as its words say: who it runs as, the command, its arguments. */
  private record P4(String user, String command, List<String> args) {
    boolean has(String option) {
      return args.contains(option);
    }
  }

  private static P4 p4(Scan scan, Step step) {
    P4 p4 = p4(step);
    if (p4 == null
        || p4.user() != null
        || scan.source() == null
        || !scan.source().contains("P4USER")) {
      return p4;
    }
    List<String> users = Environments.assignedValues(scan.source(), "P4USER");
    return users.isEmpty() ? p4 : new P4(users.get(users.size() - 1), p4.command(), p4.args());
  }

  private static P4 p4(Step step) {
    if (!step.program().equals("p4")) {
      return null;
    }
    List<String> words = LiveOps.texts(step.args());
    String user = null;
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (P4_VALUED.contains(w)) {
        if (w.equals("-u") && i + 1 < words.size()) {
          user = words.get(i + 1);
        }
        i++;
        continue;
      }
      if (w.startsWith("-")) {
        continue;
      }
      return new P4(user, w.toLowerCase(Locale.ROOT), words.subList(i + 1, words.size()));
    }
    return null;
  }

  /** Adds each predicate of a program under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("p4-obliterates", (scan, step, read) -> obliterates(p4(step)));
    named.put("p4-deletes-others-work", (scan, step, read) -> deletesOthers(p4(step)));
    named.put("p4-breaks-lock", (scan, step, read) -> breaksLock(p4(step)));
    named.put("p4-changes-rights", (scan, step, read) -> changesRights(p4(step)));
    named.put("p4-acts-as-admin", (scan, step, read) -> actsAsAdmin(p4(scan, step)));
    named.put("repository-transferred", Depots::transferred);
    named.put("forge-hook-elsewhere", (scan, step, read) -> hookElsewhere(GhApi.of(step)));
    named.put("lfs-lock-forced", (scan, step, read) -> lfsLockForced(step));
    named.put("forge-safeguard-off", (scan, step, read) -> safeguardOff(GhApi.of(step)));
  }

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("approves-en-masse", Depots::approvesEnMasse);
    named.put("lockable-removed", Depots::lockableRemoved);
  }

  /**
   * Git LFS's exclusive locks taken off binary files: {@code lockable} removed from {@code
   * .gitattributes} by the edit tool, or by {@code sed -i}/{@code perl -i} over it.
   */
  private static String lockableRemoved(Scan scan) {
    String found =
        EditCalls.read(
            scan.call(),
            (old, now, files) -> {
              for (String file : files) {
                if (file.endsWith(".gitattributes") && count(old) > count(now)) {
                  return file + ": lockable taken off";
                }
              }
              return null;
            });
    if (found != null) {
      return found;
    }
    String source = scan.source();
    if (source == null || !source.contains("lockable") || !source.contains(".gitattributes")) {
      return null; // most commands: one search
    }
    for (Step step : scan.steps()) {
      String program = step.program();
      if ((program.equals("sed") || program.equals("gsed") || program.equals("perl"))
          && LiveOps.texts(step.args()).stream().anyMatch(w -> w.startsWith("-i"))) {
        return Scan.render(step.invocation());
      }
    }
    return null;
  }

  private static int count(String text) {
    int n = 0;
    for (int at = text.indexOf("lockable"); at >= 0; at = text.indexOf("lockable", at + 1)) {
      n++;
    }
    return n;
  }

  /** {@code p4 obliterate -y}: without {@code -y} it only previews. */
  private static boolean obliterates(P4 p4) {
    return p4 != null && p4.command().equals("obliterate") && p4.has("-y");
  }

  /**
   * {@code -d -f} of what another user owns (a shelf, a changelist, a workspace, a user), a depot
   * deleted, a stream deleted with its files.
   */
  private static boolean deletesOthers(P4 p4) {
    if (p4 == null) {
      return false;
    }
    if (P4_OWNED.contains(p4.command()) && p4.has("-d") && p4.has("-f")) {
      return true;
    }
    return p4.command().equals("depot") && p4.has("-d")
        || p4.command().equals("stream") && p4.has("-d") && p4.has("--obliterate");
  }

  /** {@code p4 unlock -f} (another user's lock) or {@code -x} (locks of lost workspaces). */
  private static boolean breaksLock(P4 p4) {
    return p4 != null && p4.command().equals("unlock") && (p4.has("-f") || p4.has("-x"));
  }

  /**
   * The depot's rules rewritten: a spec form read back in ({@code protect -i}, {@code typemap -i},
   * {@code triggers -i}, {@code group -i}), a server setting changed ({@code configure set}), the
   * server stopped ({@code admin stop}).
   */
  private static boolean changesRights(P4 p4) {
    if (p4 == null) {
      return false;
    }
    if (P4_RIGHTS.contains(p4.command()) && p4.has("-i")) {
      return true;
    }
    if (p4.command().equals("counter") && p4.has("-f")) {
      return true; // a protected counter (the change number, the journal) set by force
    }
    if (p4.command().equals("configure")) {
      return p4.has("set") || p4.has("unset");
    }
    return p4.command().equals("admin")
        && (p4.has("stop") || p4.has("restart") || p4.has("resetpassword"));
  }

  /** {@code p4 -u p4admin …}: a write done as the server's administrator, not as the person. */
  private static boolean actsAsAdmin(P4 p4) {
    return p4 != null
        && p4.user() != null
        && PatternLiterals.finds(ADMIN_USER, p4.user())
        && P4_WRITES.contains(p4.command());
  }

  /** A forge's API path that hands a repository to another owner. */
  private static final Pattern TRANSFER_PATH =
      Pattern.compile("(?:^|/)(?:repos/[^/\\s]+/[^/\\s]+|projects/[^/\\s]+)/transfer\\b");

  private static final Pattern TRANSFER_CODE =
      Pattern.compile(
          "\\.repos\\.transfer\\s*\\(|(?:post|put|request)\\s*\\([^)]{0,200}"
              + "(?:repos/[^/'\"\\s]+/[^/'\"\\s]+|projects/[^/'\"\\s]+)/transfer");

  /**
   * A forge's API call as {@code gh api} writes it: its method ({@code -X}, or POST where fields
   * are given), its path, its fields ({@code -f k=v}, {@code -F k=v}).
   */
  private record GhApi(String method, String path, List<String> fields) {
    private static final Set<String> VALUED =
        NameSet.of(
            "-X",
            "--method",
            "-f",
            "-F",
            "--field",
            "--raw-field",
            "-H",
            "--header",
            "--input",
            "-q",
            "--jq",
            "-t",
            "--template",
            "--hostname",
            "-p",
            "--preview",
            "--cache");

    static GhApi of(Step step) {
      if (!step.program().equals("gh")) {
        return null;
      }
      List<String> words = LiveOps.texts(step.args());
      if (words.isEmpty() || !words.get(0).equals("api")) {
        return null;
      }
      String method = null;
      String path = null;
      List<String> fields = new java.util.ArrayList<>();
      for (int i = 1; i < words.size(); i++) {
        String w = words.get(i);
        if (VALUED.contains(w) && i + 1 < words.size()) {
          String value = words.get(++i);
          if (w.equals("-X") || w.equals("--method")) {
            method = value.toUpperCase(Locale.ROOT);
          } else if (w.startsWith("-f") || w.startsWith("-F") || w.contains("field")) {
            fields.add(value);
          } else if (w.equals("--input")) {
            fields.add("");
          }
          continue;
        }
        if (w.startsWith("--method=")) {
          method = w.substring("--method=".length()).toUpperCase(Locale.ROOT);
        } else if (!w.startsWith("-") && path == null) {
          path = w.startsWith("/") ? w.substring(1) : w;
        }
      }
      if (path == null) {
        return null;
      }
      return new GhApi(method != null ? method : fields.isEmpty() ? "GET" : "POST", path, fields);
    }

    boolean writes() {
      return !method.equals("GET") && !method.equals("HEAD");
    }

    boolean field(String name, String... values) {
      for (String f : fields) {
        for (String value : values) {
          if (f.equalsIgnoreCase(name + "=" + value)) {
            return true;
          }
        }
      }
      return false;
    }
  }

  private static final Pattern HOOKS =
      Pattern.compile("^(?:repos/[^/]+/[^/]+|orgs/[^/]+)/hooks(?:/\\d+)?(?:/config)?$");

  /**
   * A repository's or an organisation's webhook pointed at a host not this machine ({@code gh api
   * repos/o/r/hooks -f config[url]=https://…}): every push, pull request and comment is sent there.
   */
  private static boolean hookElsewhere(GhApi api) {
    if (api == null || !api.writes() || !PatternLiterals.matches(HOOKS, api.path())) {
      return false;
    }
    for (String f : api.fields()) {
      int at = f.indexOf("url]=");
      int plain = f.startsWith("url=") ? 4 : -1;
      String url = at >= 0 ? f.substring(at + 5) : plain > 0 ? f.substring(plain) : null;
      if (url != null) {
        String host = Hosts.of(url);
        return host == null || !ActsPredicates.local(host);
      }
    }
    return false;
  }

  /**
   * A forge's safeguard turned off through its API: Actions disabled for a repository, an
   * environment's required reviewers or wait emptied, an organisation's default permission made
   * write or admin for every member.
   */
  private static boolean safeguardOff(GhApi api) {
    if (api == null || !api.writes()) {
      return false;
    }
    String path = api.path();
    if (path.endsWith("/actions/permissions")) {
      return api.field("enabled", "false");
    }
    if (path.matches("repos/[^/]+/[^/]+/environments/[^/]+")) {
      return api.field("reviewers", "[]")
          || api.field("wait_timer", "0")
          || api.field("prevent_self_review", "false");
    }
    if (path.matches("orgs/[^/]+")) {
      return api.field("default_repository_permission", "admin", "write")
          || api.field("members_can_create_public_repositories", "true");
    }
    return false;
  }

  /** Git LFS's locks API asked to release another user's lock: {@code …/locks/42/unlock}, force. */
  private static boolean lfsLockForced(Step step) {
    boolean unlock = false;
    boolean force = false;
    for (Word word : step.args()) {
      String text = word.text();
      unlock |= text.contains("/locks/") && text.contains("/unlock");
      force |= text.replace(" ", "").contains("\"force\":true");
    }
    return unlock && force;
  }

  /** python-gitlab's project handed to another namespace: {@code project.transfer('x')}. */
  private static final Pattern GITLAB_TRANSFER = Pattern.compile("\\.transfer(?:_project)?\\s*\\(");

  /**
   * A repository handed to another owner: {@code gh api -X POST repos/o/r/transfer} (or with
   * fields, which make it a POST), {@code glab api -X PUT projects/n/transfer}, an HTTP client's
   * write to such a path, inline code's, Octokit's {@code repos.transfer}.
   */
  private static boolean transferred(Scan scan, Step step, Read read) {
    String program = step.program();
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null || !code.contains("transfer")) {
        return false;
      }
      String c = code.length() > 16 * 1024 ? code.substring(0, 16 * 1024) : code;
      String lower = c.toLowerCase(Locale.ROOT);
      return PatternLiterals.finds(TRANSFER_CODE, lower)
          || lower.contains("gitlab") && PatternLiterals.finds(GITLAB_TRANSFER, lower);
    }
    List<Word> args = step.args();
    boolean path = false;
    for (Word word : args) {
      String text = word.text();
      path |= text.contains("transfer") && PatternLiterals.finds(TRANSFER_PATH, text);
    }
    if (!path) {
      return false;
    }
    if (program.equals("gh") || program.equals("glab")) {
      List<String> words = LiveOps.texts(args);
      if (words.isEmpty() || !words.get(0).equals("api")) {
        return false;
      }
      String method = null;
      boolean fields = false;
      for (int i = 1; i < words.size(); i++) {
        String w = words.get(i);
        if ((w.equals("-X") || w.equals("--method")) && i + 1 < words.size()) {
          method = words.get(i + 1);
        } else if (w.startsWith("--method=") || w.startsWith("-X") && w.length() > 2) {
          method = w.substring(w.startsWith("-X") && !w.startsWith("-X=") ? 2 : w.indexOf('=') + 1);
        }
        fields |=
            w.equals("-f")
                || w.equals("-F")
                || w.startsWith("--field")
                || w.startsWith("--raw-field")
                || w.startsWith("--input");
      }
      return method == null ? fields : !method.equalsIgnoreCase("get");
    }
    if (Set.of("curl", "wget", "http", "https", "xh", "xhs").contains(program)) {
      String method = ServiceCalls.method(program, args);
      return !method.equals("get") && !method.equals("head") && !method.equals("options");
    }
    return false;
  }

  /**
   * Reviews approved in a loop: {@code gh pr review --approve}, {@code glab mr approve}, a review
   * posted with {@code event=APPROVE}, {@code az repos pr set-vote --vote approve}, each run for
   * every item of a list ({@code for … in}, {@code xargs}, {@code parallel}, a loop in inline
   * code).
   */
  private static String approvesEnMasse(Scan scan) {
    String source = scan.source();
    if (source == null
        || !source.contains("approve") && !source.contains("APPROVE") && !source.contains(" -a")) {
      return null; // most commands: one search
    }
    Boolean shellLoop = null;
    for (Step step : scan.steps()) {
      if (step.interpreter()) {
        String code = InterpreterCode.of(step);
        if (code != null
            && code.contains("approve")
            && code.contains("gh")
            && InlineActs.loops(code)) {
          return Scan.render(step.invocation()) + " in a loop";
        }
        continue;
      }
      if (!approves(step)) {
        continue;
      }
      List<String> via = step.invocation().via();
      if (via.contains("$(…)") || via.contains("`…`")) {
        continue;
      }
      if (shellLoop == null) {
        shellLoop = MassSends.shellLoop(source);
      }
      if (shellLoop || via.contains("xargs") || via.contains("parallel")) {
        return Scan.render(step.invocation()) + " in a loop";
      }
    }
    return null;
  }

  /** Whether one program approves a pull or merge request. */
  private static final Set<String> APPROVERS =
      NameSet.of("gh", "glab", "tea", "az", "curl", "wget", "http", "https", "xh", "xhs");

  private static boolean approves(Step step) {
    if (!APPROVERS.contains(step.program())) {
      return false; // most programs: a set lookup
    }
    List<String> words = LiveOps.texts(step.args());
    return switch (step.program()) {
      case "gh" ->
          words.size() > 1
                  && words.get(0).equals("pr")
                  && words.get(1).equals("review")
                  && (words.contains("--approve") || words.contains("-a"))
              || words.size() > 1 && words.get(0).equals("api") && approveEvent(words);
      case "glab" ->
          words.size() > 1 && words.get(0).equals("mr") && words.get(1).equals("approve");
      case "tea" ->
          words.size() > 1 && words.get(0).startsWith("pull") && words.contains("approve");
      case "az" -> words.contains("set-vote") && words.contains("approve");
      case "curl", "wget", "http", "https", "xh", "xhs" -> approvesOverHttp(words);
      default -> false;
    };
  }

  /**
   * A forge's API asked to approve: GitLab's {@code merge_requests/N/approve}, a review's APPROVE.
   */
  private static boolean approvesOverHttp(List<String> words) {
    for (String w : words) {
      if (w.contains("merge_requests/") && w.contains("/approve")
          || w.contains("/pulls/") && w.contains("/reviews") && approveEvent(words)) {
        return true;
      }
    }
    return false;
  }

  private static boolean approveEvent(List<String> words) {
    for (String w : words) {
      String tight = w.replace(" ", "");
      if (w.equalsIgnoreCase("event=APPROVE")
          || tight.contains("\"event\":\"APPROVE\"")
          || tight.contains("event:APPROVE")) {
        return true;
      }
    }
    return false;
  }
}
