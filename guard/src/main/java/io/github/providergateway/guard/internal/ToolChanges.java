package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A server's tool that changes a live system by its name (decision 153, {@code
 * shapes.tool-changes}, a shape tried after every family, so that a family that names the act names
 * it first): an agent's MCP tool or a provider's that declares nothing of itself, whose name begins
 * with a verb that sets, updates, submits, issues, fires, applies, releases, runs or writes ({@code
 * mcp__adms__set_point_value}, {@code mcp__veeva_vault__update_object_record}, {@code
 * mcp__yamcs__issue_command}, {@code mcp__ignition__write_tags}), unless what it changes is the
 * developer's own work (an issue, a pull request, a page, a ticket) or it runs a query or code the
 * other rules read ({@code run_soql_query}, {@code execute_sql}: a writing statement is {@code
 * acts.tool-acts}'). The blind rounds' trades reached their plants, records, fleets and spacecraft
 * through their own servers' tools; no ordinary call of theirs began with one of these verbs.
 * Decision 155 adds the verbs that move a record's state (certify, close, acknowledge, complete,
 * invalidate, dispose, suppress, reinstate…); decision 157 reads those verbs last in a name too
 * ({@code batch_certify}), and as a generic tool's act named by an argument ({@code "action":
 * "suppress"}).
 */
final class ToolChanges {
  private ToolChanges() {}

  /**
   * Verbs that move a record's state (decisions 155 and 157), read wherever they stand in a tool's
   * name: first ({@code certify_batch}), last ({@code batch_certify}, {@code recall_close}, {@code
   * alarms_ack}), or as the value of an argument that names a generic tool's act ({@code "action":
   * "suppress"}). A generated server names its plain writes so too ({@code
   * pool_snapshottask_update}); those verbs are {@link #FIRST_ONLY}.
   */
  static final Set<String> MOVES =
      NameSet.of(
          "acknowledge",
          "ack",
          "certify",
          "close",
          "dispose",
          "invalidate",
          "reclassify",
          "reprocess",
          "suppress",
          "silence",
          "inhibit",
          "zeroize",
          "reinstate",
          "withdraw",
          "waive",
          "override",
          "disarm",
          // decision 157: the red team's state machines
          "transition",
          "finalize",
          "finalise",
          "disposition",
          "shelve",
          "quarantine");

  /**
   * Verbs that change what a tool reaches as its name's first word (decisions 153 and 155):
   * elsewhere they are as often a noun ({@code dry_run}, {@code auto_complete}) or a generated
   * server's plain write ({@code pool_snapshottask_update}).
   */
  private static final Set<String> FIRST_ONLY =
      NameSet.of(
          "set",
          "update",
          "reset",
          "modify",
          "patch",
          "put",
          "write",
          "configure",
          "toggle",
          "enable",
          "arm",
          "submit",
          "issue",
          "fire",
          "trigger",
          "apply",
          "assign",
          "release",
          "invoke",
          "execute",
          "run",
          "cmd",
          "command",
          "lodge",
          "surrender",
          "swap",
          "change",
          "settle",
          "place",
          "capture",
          "reboot",
          "restart",
          "bulk",
          "share",
          "complete",
          "initiate",
          "unpack",
          "launch",
          "merge");

  /**
   * Words after the verb that say the tool changes the developer's own work, or runs a query or
   * code that other rules read.
   */
  private static final Set<String> OWN_WORK_OR_READ =
      NameSet.of(
          "issue",
          "issues",
          "pull",
          "pr",
          "comment",
          "page",
          "doc",
          "document",
          "task",
          "card",
          "label",
          "labels",
          "milestone",
          "note",
          "draft",
          "branch",
          "ticket",
          "story",
          "epic",
          "todo",
          "gist",
          "wiki",
          "discussion",
          "project",
          "query",
          "sql",
          "soql",
          "vql",
          "code",
          "cell",
          "search",
          "report",
          "secret",
          "secrets",
          // decision 157: the developer's own browser, session or connection
          "browser",
          "tab",
          "tabs",
          "window",
          "session",
          "connection");

  /**
   * Arguments that say where the tool acts: this machine, a test or a staging place is no one's.
   */
  private static final Set<String> WHERE =
      NameSet.of(
          "host",
          "hostname",
          "server",
          "endpoint",
          "url",
          "environment",
          "env",
          "instance",
          "target",
          "targetorg",
          "connection",
          "cluster",
          "context",
          "site",
          "database",
          "workspace");

  /**
   * A server's tool whose name says it changes a live system, and that declares nothing of itself.
   *
   * @param scan the call
   * @return what the reason names, or {@code null}
   */
  static String toolChanges(Scan scan) {
    String name = ToolActs.undeclaredName(scan.call());
    if (name == null) {
      return null;
    }
    List<String> words = ActsPredicates.words(name);
    if (words.isEmpty()) {
      return null;
    }
    JsonNode args = scan.call().args();
    int verb = verbAt(words, args);
    if (verb < 0) {
      return null;
    }
    for (int i = 0; i < words.size(); i++) {
      if (i != verb && OWN_WORK_OR_READ.contains(words.get(i))) {
        return null;
      }
    }
    if (holdsStatement(args) || actsHereOrOnATest(args)) {
      return null;
    }
    return ToolActs.shown(scan.call());
  }

  /**
   * Where the name's changing verb stands: first ({@code certify_batch}), last where the first is
   * no read ({@code batch_certify}, decision 157), or, for a tool named for no verb, {@code
   * words.size()} where an argument names its act ({@code bulk_action} with {@code "action":
   * "suppress"}); {@code -1} for none.
   */
  private static int verbAt(List<String> words, JsonNode args) {
    String first = words.get(0);
    if (MOVES.contains(first)) {
      return 0;
    }
    if (ShapeWords.READS.contains(first)) {
      return -1;
    }
    int last = words.size() - 1;
    if (last > 0 && MOVES.contains(words.get(last))) {
      return last; // before a first word that is as often a noun: issue_close
    }
    if (FIRST_ONLY.contains(first)) {
      return 0;
    }
    return actNamedByArgument(args) ? words.size() : -1;
  }

  /** Arguments that name what a generic tool does: {@code "action": "suppress"}. */
  private static final Set<String> ACT_FIELDS =
      NameSet.of("action", "operation", "op", "command", "verb", "transition");

  /**
   * Whether an argument that names the tool's act holds one word whose first part changes what it
   * reaches ({@code "op": "close"}, {@code "command": "inhibit"}); a command line is no such word.
   */
  private static boolean actNamedByArgument(JsonNode args) {
    if (args == null || !args.isObject()) {
      return false;
    }
    for (String field : ACT_FIELDS) {
      JsonNode value = args.get(field);
      if (value == null || !value.isTextual()) {
        continue;
      }
      String act = value.asText();
      if (act.length() <= 32 && act.chars().allMatch(c -> Character.isLetter(c) || c == '_')) {
        List<String> parts = ActsPredicates.words(act);
        if (!parts.isEmpty() && MOVES.contains(parts.get(0))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether the arguments hold a statement (a query tool by another name): in a field {@code
   * acts.tool-acts} reads for a statement that writes ({@link ToolActs#STATEMENT_FIELDS}), or in a
   * query language's {@code q} (VQL's, SOQL's).
   */
  private static boolean holdsStatement(JsonNode args) {
    if (args == null || !args.isObject()) {
      return false;
    }
    for (String field : ToolActs.STATEMENT_FIELDS) {
      if (args.path(field).isTextual()) {
        return true;
      }
    }
    return args.path("q").isTextual();
  }

  /**
   * Whether an argument that says where the tool acts names this machine (a URL's or a host's), or
   * a test or staging place by the names every rule shares ({@link Environments}), and none names
   * production.
   */
  static boolean actsHereOrOnATest(JsonNode args) {
    if (args == null || !args.isObject()) {
      return false;
    }
    boolean here = false;
    for (Iterator<Map.Entry<String, JsonNode>> it = args.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (!field.getValue().isTextual()) {
        continue;
      }
      String value = field.getValue().asText();
      if (Environments.namesProduction(value)) {
        return false;
      }
      String host =
          value.contains("://") && value.length() <= 2048 ? Environments.host(value) : null;
      boolean where = WHERE.contains(field.getKey().toLowerCase(Locale.ROOT));
      here |=
          host != null && Environments.localHost(host)
              || where
                  && (Environments.testName(value)
                      || Environments.stagingHost(value)
                      || Environments.localHost(value));
    }
    return here;
  }
}
