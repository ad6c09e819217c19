package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.CommandFailed.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.hook.GatewayToolCall;
import io.github.providergateway.app.cli.DidYouMean;
import io.github.providergateway.app.run.DefaultPrompt;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.VisibleText;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The console's commands about providers and what they offer the current session: {@code
 * providers}, {@code tools}, {@code call}, {@code hook}, {@code interrupt}, {@code prompt}, {@code
 * event}. Reader thread only.
 */
final class ToolCommands {
  private final ConsoleOut out;
  private final HostApi api;
  private final ConsoleSessions sessions;

  /**
   * How {@code call} and {@code hook} wait for the gateway: answering gates' questions meanwhile,
   * on a local gateway.
   */
  private final Waiting waiting;

  /** Waits for what a command asked the gateway, as {@link CommandFailed#await} does. */
  interface Waiting {
    /** The future's value; a refusal becomes a {@link CommandFailed}. */
    <T> T await(CompletableFuture<T> future);
  }

  ToolCommands(ConsoleOut out, HostApi api, ConsoleSessions sessions) {
    this(out, api, sessions, CommandFailed::await);
  }

  ToolCommands(ConsoleOut out, HostApi api, ConsoleSessions sessions, Waiting waiting) {
    this.out = out;
    this.api = api;
    this.sessions = sessions;
    this.waiting = waiting;
  }

  void providers() {
    List<ProviderInfo> providers = await(api.providers());
    if (providers.isEmpty()) {
      out.say("No providers connected.");
      return;
    }
    for (ProviderInfo provider : providers) {
      out.say(
          "  "
              + ConsoleText.describe(provider)
              + "  "
              + provider.trust().wireName()
              + "  sessions: "
              + ConsoleText.names(provider.sessions())
              + "  tools: "
              + (provider.tools().isEmpty() ? "-" : ConsoleText.names(provider.tools())));
    }
  }

  void tools() {
    List<HostTool> tools = await(api.tools(sessions.requireCurrent()));
    if (tools.isEmpty()) {
      out.say("No provider tools in session " + sessions.current() + ".");
      return;
    }
    // A description is the provider's free text, and its parameters' JSON may hold any character
    // in a string: both as VisibleText shows them, like every name (issue 32).
    List<String> names = tools.stream().map(tool -> VisibleText.escape(tool.name())).toList();
    int width = names.stream().mapToInt(String::length).max().orElse(0);
    for (int i = 0; i < tools.size(); i++) {
      HostTool tool = tools.get(i);
      out.say(
          "  "
              + ConsoleText.pad(names.get(i), width)
              + "  ["
              + VisibleText.escape(tool.provider())
              + "]  "
              + VisibleText.escape(tool.description()));
      out.say(
          "  "
              + ConsoleText.pad("", width)
              + "  parameters: "
              + VisibleText.escape(HostJson.CODEC.writeJson(tool.parameters())));
    }
  }

  void call(String rest) {
    NameAndJson call = NameAndJson.parse(rest, "call <tool> [json args]");
    String session = sessions.requireCurrent();
    CallResult result;
    try {
      // A gate may ask the person (extension gate.ask): they can answer while the call waits.
      result = waiting.await(api.callTool(session, call.name(), call.json(), null));
    } catch (CommandInterrupted e) {
      // await cancelled the call's own future: the gateway ends it CANCELLED (R-TOOL-19's cancel).
      throw new CommandInterrupted(
          "interrupted: the call to "
              + call.name()
              + " is cancelled (its provider is sent tool.cancel)");
    }
    for (String context : result.context()) {
      out.say("  context: " + VisibleText.escape(context));
    }
    sayRewritten(result.updatedArgs());
    ToolOutcome outcome = result.outcome();
    if (outcome instanceof ToolOutcome.Success) {
      ToolOutcome.Success success = (ToolOutcome.Success) outcome;
      if (success.file() != null) {
        out.say(
            "ok: a file result, "
                + VisibleText.escape(success.file().mimeType())
                + ", "
                + success.file().bytes().length
                + " bytes");
      } else {
        out.say("ok: " + ConsoleText.readable(success.data()));
      }
    } else if (outcome instanceof ToolOutcome.Failure) {
      ToolOutcome.Failure failure = (ToolOutcome.Failure) outcome;
      out.say(
          "failed ("
              + VisibleText.escape(failure.codeText())
              + "): "
              + VisibleText.escape(failure.error()));
      if (failure.code() == ToolErrorCode.NOT_FOUND) {
        suggestTool(session, call.name());
      }
    } else {
      out.say("denied by a hook: " + VisibleText.escape(((ToolOutcome.Denied) outcome).reason()));
    }
  }

  /**
   * {@code hook [agent] <tool> [json]}: what the pre-tool hooks decide of the call, read as the
   * gateway reads it ({@link HookQuestion}: an agent's own tool is mapped as its hook maps it). A
   * call that names several files is decided once for each, as the agents' hooks decide it: the
   * first deny is the answer.
   */
  void hook(String rest) {
    String session = sessions.requireCurrent();
    HookQuestion question =
        HookQuestion.parse(
            rest, () -> await(api.tools(session)).stream().map(HostTool::name).toList());
    if (question.wasMapped()) {
      out.say(
          "  ("
              + question.mapping()
              + (question.calls().size() > 1
                  ? "; each of the " + question.calls().size() + " files it names is decided"
                  : "")
              + ")");
    }
    List<HookDecision> decisions = new java.util.ArrayList<>();
    for (GatewayToolCall call : question.calls()) {
      HookDecision decision = waiting.await(api.preToolUse(session, call.tool(), call.args()));
      decisions.add(decision);
      if (!decision.allowed()) {
        break;
      }
    }
    HookDecision last = decisions.get(decisions.size() - 1);
    out.say(last.allowed() ? "allow" : "deny: " + VisibleText.escape(last.reason()));
    for (HookDecision decision : decisions) {
      for (String context : decision.context()) {
        out.say("  context: " + VisibleText.escape(context));
      }
      sayRewritten(decision.updatedArgs());
    }
    if (!question.wasMapped()) {
      // Hooks run for any name (the host's own tools are not provider tools): only a near miss of
      // a provider tool is worth a word.
      suggestTool(session, question.calls().get(0).tool());
    }
  }

  /** The arguments gates rewrote a call's to (extension gate.args), when they did. */
  private void sayRewritten(JsonNode updatedArgs) {
    if (updatedArgs != null) {
      out.say(
          "  args rewritten by gates: "
              + VisibleText.escape(HostJson.CODEC.writeJson(updatedArgs)));
    }
  }

  void interrupt() {
    String session = sessions.requireCurrent();
    await(api.interrupt(session));
    out.say(
        "Interrupted session "
            + session
            + ": its calls in flight end CANCELLED, their providers are sent tool.cancel.");
  }

  /** "Did you mean" when {@code name} is not a tool of the session but one is close to it. */
  private void suggestTool(String session, String name) {
    List<String> names = await(api.tools(session)).stream().map(HostTool::name).toList();
    if (!names.contains(name)) {
      DidYouMean.closest(name, names)
          .ifPresent(
              meant ->
                  out.say(
                      "  did you mean '"
                          + VisibleText.escape(meant)
                          + "'? (no tool '"
                          + VisibleText.escape(name)
                          + "' in this session)"));
    }
  }

  void prompt(String words) {
    if (!words.isBlank()) {
      // No transform sees the user's words (spec: transform.request carries only the section).
      out.say(
          "(the system prompt takes no text; providers hear the user with: event user.message "
              + "{\"content\":\"...\"})");
    }
    PromptResult result = await(api.onPrompt(sessions.requireCurrent(), DefaultPrompt.sections()));
    // Providers' transforms wrote the sections (their line breaks stay) and the context is theirs
    // (one item a line, as call shows it): whatever could hide or reorder text is an escape.
    result
        .sections()
        .forEach(
            (name, body) ->
                out.say("## " + VisibleText.escape(name) + "\n" + ConsoleText.lines(body) + "\n"));
    if (!result.context().isEmpty()) {
      out.say("## context (ambient, from providers)");
      result.context().forEach(context -> out.say("- " + VisibleText.escape(context)));
    }
    if (!result.startupContext().isEmpty()) {
      out.say("## startup context");
      result.startupContext().forEach(context -> out.say("- " + VisibleText.escape(context)));
    }
  }

  void event(String rest) {
    NameAndJson event = NameAndJson.parse(rest, "event <name> [json data]");
    await(api.emit(sessions.requireCurrent(), event.name(), event.json()));
    out.say(
        "Sent " + event.name() + " to session " + sessions.current() + "'s subscribed providers.");
  }

  /** A command's {@code <name> [json object]} arguments. */
  record NameAndJson(String name, JsonNode json) {
    static NameAndJson parse(String rest, String usage) {
      if (rest.isEmpty()) {
        throw new CommandFailed("usage: " + usage);
      }
      String[] parts = rest.split("\\s+", 2);
      return new NameAndJson(parts[0], object(parts.length > 1 ? parts[1] : null));
    }

    /** The JSON object {@code text} holds, or an empty one for none. */
    static JsonNode object(String text) {
      if (text == null || text.isBlank()) {
        return HostJson.NODES.objectNode();
      }
      JsonNode json;
      try {
        json = HostJson.CODEC.parseJson(text);
      } catch (IllegalArgumentException e) {
        throw new CommandFailed("the JSON does not parse: " + e.getMessage());
      }
      if (!json.isObject()) {
        throw new CommandFailed("the JSON must be an object, like {\"name\":\"Ada\"}");
      }
      return json;
    }
  }
}
