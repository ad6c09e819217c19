package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One workspace's export imported into another workspace of the same system (issue 80 round 33,
 * decision 220): {@code mcp__relativity__export_documents} of workspace 1187 to {@code
 * /tmp/halc_seed}, then {@code mcp__relativity__import_documents} into workspace 1342 from {@code
 * /tmp/halc_seed}: one client's documents where another client's people read them. A server's tool
 * that exports (by its name) a workspace, tenant, account, project or matter to a local folder is
 * remembered under {@code exported:<folder>} with the server and the container; a later tool of the
 * same server that imports or uploads from that folder into another container of the same kind is
 * answered by {@value #RULE}. A test, sandbox or demo container's export carries no client's data.
 */
final class OtherTenantImports {
  private OtherTenantImports() {}

  /** The rule. */
  static final String RULE = "written.carried-to-other-tenant";

  /** The session's key of a folder an export filled. */
  private static final String EXPORTED = "exported:";

  /** A tool's name that takes data out of the system. */
  private static final Pattern EXPORTS =
      Pattern.compile("(?i)export|download|extract|dump|backup|collect");

  /** A tool's name that puts data into the system. */
  private static final Pattern IMPORTS =
      Pattern.compile("(?i)import|upload|ingest|load|restore|overlay|seed|transfer|copy");

  /** The arguments that name the system's container the data belongs to or goes into. */
  private static final List<String> CONTAINERS =
      List.of(
          "workspace_id",
          "workspaceId",
          "workspace",
          "tenant_id",
          "tenantId",
          "tenant",
          "account_id",
          "accountId",
          "account",
          "project_id",
          "projectId",
          "project",
          "org_id",
          "organization_id",
          "organization",
          "org",
          "matter_id",
          "matterId",
          "matter",
          "case_id",
          "caseId",
          "client_id",
          "clientId",
          "client",
          "space_id",
          "space",
          "site_id",
          "site",
          "team_id",
          "team",
          "database_id",
          "database");

  /**
   * The arguments that name a local folder or file, where an export goes or an import comes from.
   */
  private static final List<String> PLACES =
      List.of(
          "destination",
          "dest",
          "destination_path",
          "output",
          "output_dir",
          "out",
          "target_dir",
          "source",
          "src",
          "source_path",
          "input",
          "input_dir",
          "from",
          "path",
          "directory",
          "dir",
          "file",
          "files");

  /**
   * Remembers the folder a server's export tool fills, with the server and the container exported.
   *
   * @param call the tool's call
   * @param found where it is remembered
   */
  static void exported(CallForRules call, FlowReading.Found found) {
    String server = server(call.tool());
    String name = call.tool().substring(call.tool().lastIndexOf("__") + 2);
    if (server == null || !PatternLiterals.finds(EXPORTS, name) || call.args() == null) {
      return;
    }
    String container = container(call.args());
    if (container == null || found.writesSenders().size() >= 16) {
      return;
    }
    boolean test = Environments.testName(container.substring(container.indexOf('=') + 1));
    for (String place : places(call)) {
      found.writesSenders().put(EXPORTED + place, test ? "" : server + " " + container);
    }
  }

  /**
   * A server's import or upload tool fed from a folder an export of another container of the same
   * server filled earlier in the session.
   *
   * @param scan the call's scan
   * @param written the session's written files, where the exports are kept
   * @return what it found, at most one
   */
  static List<WrittenRules.Found> imported(Scan scan, Map<String, String> written) {
    CallForRules call = scan.call();
    List<WrittenRules.Found> found = new ArrayList<>();
    String server = server(call.tool());
    String name = server == null ? "" : call.tool().substring(call.tool().lastIndexOf("__") + 2);
    if (server == null
        || !PatternLiterals.finds(IMPORTS, name)
        || PatternLiterals.finds(EXPORTS, name)
        || call.args() == null) {
      return found;
    }
    String into = container(call.args());
    for (String place : into == null ? List.<String>of() : places(call)) {
      for (Map.Entry<String, String> export : written.entrySet()) {
        String[] kept = export.getValue().split(" ", 2);
        String folder =
            export.getKey().substring(Math.min(EXPORTED.length(), export.getKey().length()));
        if (export.getKey().startsWith(EXPORTED)
            && kept.length == 2
            && kept[0].equals(server)
            && RunFolders.under(place, folder)
            && other(kept[1], into)) {
          found.add(
              new WrittenRules.Found(
                  RuleBook.rule(RULE),
                  null,
                  call.tool()
                      + " into "
                      + into
                      + " from "
                      + place
                      + ", which an export of "
                      + kept[1]
                      + " filled earlier in this session:"));
          return found;
        }
      }
    }
    return found;
  }

  /**
   * Whether two containers are of the same kind and differ: {@code workspace_id=1187}, {@code
   * =1342}.
   */
  private static boolean other(String exported, String into) {
    int at = exported.indexOf('=');
    return into.startsWith(exported.substring(0, at + 1)) && !into.equals(exported);
  }

  /** The server of a tool's name {@code mcp__<server>__<tool>}, or null. */
  private static String server(String tool) {
    if (!tool.startsWith("mcp__")) {
      return null;
    }
    int end = tool.indexOf("__", 5);
    return end < 0 ? null : tool.substring(5, end).toLowerCase(Locale.ROOT);
  }

  /** The first container the arguments name: {@code workspace_id=1187}, or null. */
  private static String container(JsonNode args) {
    for (String field : CONTAINERS) {
      JsonNode value = args.get(field);
      if (value != null && (value.isTextual() || value.isNumber()) && !value.asText().isBlank()) {
        return field + "=" + value.asText();
      }
    }
    return null;
  }

  /** The local folders and files the arguments name, resolved from the call's folder. */
  private static List<String> places(CallForRules call) {
    List<String> places = new ArrayList<>();
    Path cwd = call.cwd() == null ? Path.of("/") : call.cwd();
    for (String field : PLACES) {
      JsonNode value = call.args().get(field);
      String text = value != null && value.isTextual() ? value.asText() : "";
      if (text.startsWith("/") || text.startsWith("./") || text.startsWith("../")) {
        places.add(cwd.resolve(text).normalize().toString());
      }
    }
    return places;
  }
}
