package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A project script run once through the real Claude Code's Bash, as issue 64's end-to-end tests run
 * theirs: {@code claude -p} in a {@link GuardedHome}'s project against a scripted model that calls
 * Bash with the script's command and then ends its turn. The script ran to its end (it printed its
 * last word): what stopped anything inside it was not the guard.
 */
final class ClaudeScriptRun implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CLAUDE_LIMIT = Duration.ofSeconds(120);
  private static final String CALL = "toolu_script";

  private final ScriptedModel model;
  private final NpmAgent.Run run;
  private final GuardedHome guarded;

  private ClaudeScriptRun(ScriptedModel model, NpmAgent.Run run, GuardedHome guarded) {
    this.model = model;
    this.run = run;
    this.guarded = guarded;
  }

  /**
   * Runs {@code command} through the Bash of {@code claude}, its {@code HOME} {@code claudeHome},
   * in {@code guarded}'s project; fails unless Claude ends in time and the command's output holds
   * {@code done}.
   */
  static ClaudeScriptRun run(
      ClaudeCode claude, GuardedHome guarded, Path claudeHome, String command, String done)
      throws Exception {
    ObjectNode input = JSON.createObjectNode().put("command", command);
    input.put("description", "Run the project's script");
    ScriptedModel model =
        ScriptedModel.start(
            List.of(
                // Held until the home's guard has bound to the agent's session: under load its
                // start outlasted the hook's 4 s and the call was denied before it could run.
                ScriptedModel.Turn.toolUse("Bash", CALL, input)
                    .after("the guard is bound to the agent's session", guarded::guardIsBound),
                ScriptedModel.Turn.text("Done.")));
    try {
      NpmAgent.Run run =
          claude.print(
              guarded.project(),
              claudeHome,
              model,
              Map.of(),
              "Run the project's script.",
              List.of("--allowedTools", "Bash"),
              CLAUDE_LIMIT);
      ClaudeScriptRun script = new ClaudeScriptRun(model, run, guarded);
      assertThat(run.timedOut()).as(script::describe).isFalse();
      assertThat(script.output()).as(script::describe).contains(done);
      return script;
    } catch (Exception | AssertionError e) {
      model.close();
      throw e;
    }
  }

  /** {@return what the command printed, as Claude gave it back to the model} */
  String output() {
    return model.toolResult(CALL).map(ScriptedModel::text).orElse("(no tool result)");
  }

  /** Claude's run, the model's endpoint and the home, for an assertion's description. */
  String describe() {
    return run.describe() + "\n--- the model endpoint:\n" + model.describe() + guarded.describe();
  }

  @Override
  public void close() {
    model.close();
  }
}
