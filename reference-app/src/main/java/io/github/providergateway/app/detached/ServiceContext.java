package io.github.providergateway.app.detached;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.service.ServiceManager;
import io.github.providergateway.app.service.ServiceUnit;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code gateway service install|uninstall|status} share: the platform, the home, its unit,
 * the output, and the user's service manager.
 */
final class ServiceContext {
  final Map<String, String> env;
  final ServiceUnit.Platform platform;
  final Path home;
  final PrintStream out;
  final PrintStream err;
  final ServiceManager manager;

  ServiceContext(CommandContext app, ServiceCommand.HomeOption option) {
    this.env = app.env();
    this.platform = ServiceUnit.Platform.of(app.runningApp().osName());
    this.home = HomeDirectory.resolve(option.home, env);
    this.out = app.stdout();
    this.err = app.err();
    this.manager = new ServiceManager(platform, env);
  }

  /** The home's unit as it is named and placed; its command is not known here. */
  ServiceUnit unit() {
    return ServiceUnit.of(platform, env, home, List.of());
  }

  /** launchd's domain of this user, {@code gui/<uid>}: the uid that owns {@code file}. */
  String domain(Path ownFile) throws IOException {
    return "gui/" + Files.getAttribute(ownFile, "unix:uid", LinkOption.NOFOLLOW_LINKS);
  }
}
