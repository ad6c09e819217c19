package io.github.providergateway.federation;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncPrompt;
import io.modelcontextprotocol.modern.server.feature.McpSyncPromptRepository;
import io.modelcontextprotocol.modern.server.feature.McpSyncResource;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.PromptsFeature;
import io.modelcontextprotocol.modern.server.feature.PromptsPage;
import io.modelcontextprotocol.modern.server.feature.ResourcesFeature;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;
import java.util.List;

/**
 * The resource and the prompt of {@link ModernJavaServer} (decision 123): {@code java://notes},
 * read as {@code notes of <uri>}, and {@code summarize} with the argument {@code topic}, whose
 * completions are the topics starting with what was typed.
 */
final class ModernJavaOffers {

  static final String NOTES = "java://notes";

  private static final List<String> TOPICS = List.of("gates", "gateways", "streams");

  private ModernJavaOffers() {}

  static ResourcesFeature resources() {
    return ResourcesFeature.ofSync(
        new McpSyncResourceRepository() {
          @Override
          public ResourcesPage list(McpRequestContext ctx, String cursor) {
            return ResourcesPage.of(
                List.of(
                    McpSchema.Resource.builder(NOTES, "notes")
                        .description("The server's notes")
                        .mimeType("text/plain")
                        .build()));
          }

          @Override
          public McpSyncResource find(McpRequestContext ctx, String uri) {
            if (!NOTES.equals(uri)) {
              return null;
            }
            return McpSyncResource.of(
                (served, read) ->
                    McpSyncResponse.result(
                        McpSchema.ReadResourceResult.builder(
                                List.of(
                                    McpSchema.TextResourceContents.builder(uri, "notes of " + uri)
                                        .build()))
                            .build()));
          }
        });
  }

  static PromptsFeature prompts() {
    McpSchema.Prompt summarize =
        McpSchema.Prompt.builder("summarize")
            .description("Summarizes a topic")
            .arguments(List.of(McpSchema.PromptArgument.builder("topic").build()))
            .build();
    McpSyncPrompt prompt =
        McpSyncPrompt.of(
                summarize,
                (served, get) ->
                    McpSyncResponse.result(
                        McpSchema.GetPromptResult.builder(
                                List.of(
                                    McpSchema.PromptMessage.builder(
                                            McpSchema.Role.USER,
                                            McpSchema.TextContent.builder(
                                                    "Summarize " + get.arguments().get("topic"))
                                                .build())
                                        .build()))
                            .build()))
            .withCompletionHandler(
                (served, complete) ->
                    new McpSchema.CompleteResult(
                        new McpSchema.CompleteResult.Completion(
                            TOPICS.stream()
                                .filter(topic -> topic.startsWith(complete.argument().value()))
                                .toList()),
                        null,
                        null));
    return PromptsFeature.ofSync(
        new McpSyncPromptRepository() {
          @Override
          public PromptsPage list(McpRequestContext ctx, String cursor) {
            return PromptsPage.of(List.of(summarize));
          }

          @Override
          public McpSyncPrompt find(McpRequestContext ctx, String name) {
            return "summarize".equals(name) ? prompt : null;
          }

          @Override
          public boolean supportsCompletion() {
            return true;
          }
        });
  }
}
