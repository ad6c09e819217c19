package io.github.providergateway.app.home;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@value #PLACEHOLDER} in a configured entry's command, {@code cwd} and environment values: the
 * folder of the project of the session it is started for (the session's working directory), so that
 * one configuration gives each agent an MCP server of its own project ({@code "cwd": "${project}"},
 * {@code ["npx", "-y", "@modelcontextprotocol/server-filesystem", "${project}"]}) rather than the
 * configuration file's folder. An entry that names it is not started for a session without a
 * project.
 */
public final class ProjectPlaceholder {

  /** What is replaced. */
  static final String PLACEHOLDER = "${project}";

  private ProjectPlaceholder() {}

  /** {@return whether {@code entry} names the placeholder anywhere it is replaced} */
  public static boolean mentions(ProjectConfig.Entry entry) {
    if (entry.cwd().toString().contains(PLACEHOLDER)) {
      return true;
    }
    for (String part : entry.command()) {
      if (part.contains(PLACEHOLDER)) {
        return true;
      }
    }
    for (String value : entry.env().values()) {
      if (value != null && value.contains(PLACEHOLDER)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code entry} as it starts for a session of {@code project}.
   *
   * @param project the session's project folder; null when it has none
   * @return the entry itself when it names no placeholder, else a copy with it replaced
   * @throws IllegalArgumentException when the entry names it and the session has no project
   */
  public static ProjectConfig.Entry resolve(ProjectConfig.Entry entry, Path project) {
    if (!mentions(entry)) {
      return entry;
    }
    if (project == null) {
      throw new IllegalArgumentException(
          "its configuration names "
              + PLACEHOLDER
              + ", and this session has no project folder (its client named no root)");
    }
    String folder = project.toString();
    List<String> command = new ArrayList<>();
    for (String part : entry.command()) {
      command.add(part.replace(PLACEHOLDER, folder));
    }
    Map<String, String> env = new LinkedHashMap<>();
    entry.env().forEach((k, v) -> env.put(k, v == null ? null : v.replace(PLACEHOLDER, folder)));
    Path cwd = Path.of(entry.cwd().toString().replace(PLACEHOLDER, folder)).normalize();
    return new ProjectConfig.Entry(
        entry.name(),
        command,
        cwd,
        env,
        entry.session(),
        entry.mcp(),
        entry.url(),
        entry.toolPrefix(),
        entry.maxConcurrentCalls(),
        entry.transport(),
        entry.watch(),
        entry.allowSampling());
  }
}
