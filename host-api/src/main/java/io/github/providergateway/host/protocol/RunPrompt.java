package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code prompt}. Reply: {@code sections}, {@code context}, {@code startupContext}.
 *
 * @param text the user's text ({@code ""} when absent)
 * @param sections section name → current text, in order; {@code null} for the defaults
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record RunPrompt(JsonNode id, String sessionId, String text, Map<String, String> sections)
    implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param text the user's text ({@code ""} when absent)
   * @param sections section name → current text, in order; {@code null} for the defaults
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public RunPrompt {
    Checks.nonEmpty(sessionId, "sessionId");
    text = text == null ? "" : text;
    sections = sections == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(sections));
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.PROMPT;
  }
}
