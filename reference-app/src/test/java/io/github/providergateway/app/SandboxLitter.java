package io.github.providergateway.app;

import io.github.providergateway.app.agents.SandboxLeftovers;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Takes away what a test's sandbox left in {@code /tmp} ({@link SandboxLeftovers}): left there,
 * {@code /tmp/.git} made Claude Code take every later test's project for one repository, and every
 * later {@code claude mcp add} met the first one's server ("already exists in local config"); an
 * agents phase failed so. A test class that runs a sandbox says
 * {@code @ExtendWith(SandboxLitter.class)}.
 */
final class SandboxLitter implements BeforeEachCallback, AfterEachCallback {

  private static final ExtensionContext.Namespace HERE =
      ExtensionContext.Namespace.create(SandboxLitter.class);

  @Override
  public void beforeEach(ExtensionContext context) {
    context.getStore(HERE).put("noted", SandboxLeftovers.noted());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    SandboxLeftovers noted = context.getStore(HERE).get("noted", SandboxLeftovers.class);
    if (noted != null) {
      noted.sweep();
    }
  }
}
