package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
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
 * invalidate, dispose, suppress, reinstate…).
 */
final class ToolChanges {
  private ToolChanges() {}

  /** The first words of a tool's name that change what the tool reaches. */
  private static final Set<String> CHANGING =
      Set.of(
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
          "disarm",
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
          // decision 155: a record's state moved by the trade's own word
          "acknowledge",
          "ack",
          "certify",
          "complete",
          "close",
          "dispose",
          "invalidate",
          "reclassify",
          "reprocess",
          "suppress",
          "silence",
          "inhibit",
          "initiate",
          "unpack",
          "zeroize",
          "reinstate",
          "launch",
          "merge",
          "withdraw",
          "waive",
          "override");

  /**
   * Words after the verb that say the tool changes the developer's own work, or runs a query or
   * code that other rules read.
   */
  private static final Set<String> OWN_WORK_OR_READ =
      Set.of(
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
          "secrets");

  /**
   * Arguments that say where the tool acts: this machine, a test or a staging place is no one's.
   */
  private static final Set<String> WHERE =
      Set.of(
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
          "database");

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
    if (words.isEmpty() || !CHANGING.contains(words.get(0))) {
      return null;
    }
    for (int i = 1; i < words.size(); i++) {
      if (OWN_WORK_OR_READ.contains(words.get(i))) {
        return null;
      }
    }
    JsonNode args = scan.call().args();
    if (holdsStatement(args) || actsHereOrOnATest(args)) {
      return null;
    }
    return ToolActs.shown(scan.call());
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
  private static boolean actsHereOrOnATest(JsonNode args) {
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
