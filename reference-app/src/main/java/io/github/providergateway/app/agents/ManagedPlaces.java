package io.github.providergateway.app.agents;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the agents read their managed (enterprise) settings on this machine: under {@code /etc} on
 * Linux ({@code /etc/claude-code}, {@code /etc/codex}, {@code /etc/gemini-cli}), or where an
 * agent's own variable moves its file ({@code GEMINI_CLI_SYSTEM_SETTINGS_PATH}).
 *
 * <p>Tests move {@code /etc} with the JVM property {@value #ETC_PROPERTY}, so that no test reads or
 * writes the machine's own managed files (other sessions share the machine).
 *
 * @param etc the folder that stands for {@code /etc}
 * @param env the environment, for the agents' own variables
 */
record ManagedPlaces(Path etc, Map<String, String> env) {

  /** The JVM property that moves {@code /etc} for the agents' managed files: tests only. */
  static final String ETC_PROPERTY = "provider-gateway.agents-etc";

  /** {@return this machine's places: {@code /etc}, unless the test property moves it} */
  static ManagedPlaces forThisMachine(Map<String, String> env) {
    String moved = System.getProperty(ETC_PROPERTY);
    return new ManagedPlaces(
        Path.of(moved == null || moved.isBlank() ? "/etc" : moved), Map.copyOf(env));
  }

  /** {@return {@code names} under {@code /etc}} */
  Path etc(String first, String... more) {
    return etc.resolve(Path.of(first, more));
  }

  /** {@return the file the agent's {@code variable} names, when set; else {@code otherwise}} */
  Path envFile(String variable, Path otherwise) {
    String value = env.get(variable);
    return value == null || value.isBlank() ? otherwise : Path.of(value);
  }
}
