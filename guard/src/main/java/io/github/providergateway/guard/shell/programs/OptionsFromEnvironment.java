package io.github.providergateway.guard.shell.programs;

import java.util.List;
import java.util.Map;

/**
 * The options package managers read from the environment, put on the command as if written there
 * (issue 80, round 4): {@code PIP_EXTRA_INDEX_URL=https://x/simple pip install acme-auth} installs
 * from that index as {@code pip install --extra-index-url https://x/simple acme-auth} does, and is
 * read so. pip reads every option from {@code PIP_<OPTION>}, uv from {@code UV_…}, npm and its kin
 * from {@code npm_config_<key>} (either case). Sources: pip's "Configuration" (environment
 * variables), uv's "Environment variables", npm's "config" (environment variables).
 */
final class OptionsFromEnvironment {
  private OptionsFromEnvironment() {}

  /** For each program, the variables it reads as options, and the option each stands for. */
  private static final Map<String, Map<String, String>> OPTIONS =
      Map.of(
          "pip", pip(),
          "pip3", pip(),
          "uv",
              Map.of(
                  "UV_INDEX_URL", "--index-url",
                  "UV_EXTRA_INDEX_URL", "--extra-index-url",
                  "UV_DEFAULT_INDEX", "--default-index",
                  "UV_INDEX", "--index",
                  "UV_FIND_LINKS", "--find-links"),
          "npm", npm(),
          "npx", npm(),
          "pnpm", npm(),
          "yarn", npm());

  private static Map<String, String> pip() {
    return Map.of(
        "PIP_INDEX_URL", "--index-url",
        "PIP_EXTRA_INDEX_URL", "--extra-index-url",
        "PIP_TRUSTED_HOST", "--trusted-host",
        "PIP_FIND_LINKS", "--find-links");
  }

  private static Map<String, String> npm() {
    return Map.of(
        "npm_config_registry", "--registry",
        "NPM_CONFIG_REGISTRY", "--registry");
  }

  /**
   * {@return the command {@code words} runs with the options its environment adds, as shell text;
   * or null when it is no such program or nothing is added}
   *
   * @param words the command's words, its program first
   * @param values the values of the variables given on the command and set before it
   */
  static String withAdded(List<ProgramWord> words, Programs.Values values) {
    if (words.isEmpty()) {
      return null;
    }
    String program = words.get(0).text();
    program = program.substring(program.lastIndexOf('/') + 1);
    Map<String, String> options = OPTIONS.get(program);
    if (options == null) {
      return null;
    }
    StringBuilder added = new StringBuilder();
    for (Map.Entry<String, String> option : options.entrySet()) {
      String value = value(values, option.getKey());
      if (value != null) {
        // pip's lists are blank-separated: each value its own option.
        for (String one : value.strip().split("\\s+")) {
          if (!one.isEmpty()) {
            added
                .append(' ')
                .append(option.getValue())
                .append(" '")
                .append(quoted(one))
                .append('\'');
          }
        }
      }
    }
    if (added.length() == 0) {
      return null;
    }
    StringBuilder text = new StringBuilder(program);
    for (int i = 1; i < words.size(); i++) {
      text.append(" '").append(quoted(words.get(i).text())).append('\'');
    }
    return text.append(added).toString();
  }

  private static String value(Programs.Values values, String name) {
    ProgramWord given = values.assigned(name);
    if (given == null) {
      given = values.known(name);
    }
    return given != null && given.literal() ? given.text() : null;
  }

  private static String quoted(String text) {
    return text.replace("'", "'\\''");
  }
}
