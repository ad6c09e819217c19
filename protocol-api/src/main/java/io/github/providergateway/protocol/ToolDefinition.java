package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * A tool a provider offers, as declared in {@code hello.tools} or {@code tools.update}.
 *
 * @param name the tool's name, unique within a session
 * @param description what the tool does, shown to the model
 * @param parameters a JSON Schema object describing the arguments
 * @param timeout how long a call may run before the gateway gives up ({@code timeout} in ms on the
 *     wire), or {@code null} for the gateway's default of 60 s
 * @param annotations what the tool declares of what it does ({@code annotations}, MCP's hints), or
 *     {@code null} when it declares nothing
 */
public record ToolDefinition(
    String name,
    String description,
    JsonNode parameters,
    Duration timeout,
    ToolAnnotations annotations) {

  /**
   * Checks the required fields.
   *
   * @param name the tool's name, unique within a session
   * @param description what the tool does, shown to the model
   * @param parameters a JSON Schema object describing the arguments
   * @param timeout how long a call may run before the gateway gives up ({@code timeout} in ms on
   *     the wire), or {@code null} for the gateway's default of 60 s
   * @param annotations what the tool declares of what it does, or {@code null}
   * @throws NullPointerException when {@code name}, {@code description} or {@code parameters} is
   *     null
   * @throws IllegalArgumentException when {@code name} is empty, or {@code timeout} is not a
   *     positive whole number of milliseconds, or {@code parameters} is not a JSON object
   */
  public ToolDefinition {
    Require.nonEmpty(name, "name");
    Require.present(description, "description");
    Require.present(parameters, "parameters");
    if (!parameters.isObject()) {
      throw new IllegalArgumentException("parameters must be a JSON object");
    }
    Require.positiveMillis(timeout, "timeout");
  }

  /**
   * A tool that declares no annotations.
   *
   * @param name the tool's name, unique within a session
   * @param description what the tool does, shown to the model
   * @param parameters a JSON Schema object describing the arguments
   * @param timeout how long a call may run, or {@code null} for the gateway's default of 60 s
   * @throws NullPointerException when {@code name}, {@code description} or {@code parameters} is
   *     null
   * @throws IllegalArgumentException as the canonical constructor
   */
  public ToolDefinition(String name, String description, JsonNode parameters, Duration timeout) {
    this(name, description, parameters, timeout, null);
  }

  /**
   * A tool without its own timeout.
   *
   * @param name the tool's name
   * @param description what it does, for the agent
   * @param parameters a JSON Schema object describing the arguments
   * @return the definition
   */
  public static ToolDefinition of(String name, String description, JsonNode parameters) {
    return new ToolDefinition(name, description, parameters, null);
  }

  /**
   * This definition with {@code timeout}.
   *
   * @param timeout how long a call may run; positive whole milliseconds, or null for the default
   * @return a new definition; this one is unchanged
   */
  public ToolDefinition withTimeout(Duration timeout) {
    return new ToolDefinition(name, description, parameters, timeout, annotations);
  }

  /**
   * This definition with {@code annotations}.
   *
   * @param annotations what the tool declares of what it does, or {@code null} for nothing
   * @return a new definition; this one is unchanged
   */
  public ToolDefinition withAnnotations(ToolAnnotations annotations) {
    return new ToolDefinition(name, description, parameters, timeout, annotations);
  }
}
