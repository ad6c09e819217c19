package io.github.providergateway.app.cli;

import java.lang.reflect.Constructor;
import picocli.CommandLine;

/**
 * How picocli makes the app's commands: one whose constructor takes a {@link CommandContext} gets
 * this run's; anything else (mixins, converters) is made as picocli makes it. A command thereby has
 * its streams and environment from birth, not from a {@code @ParentCommand Main} it would have to
 * import.
 */
public final class CommandFactory implements CommandLine.IFactory {

  private final CommandContext context;

  public CommandFactory(CommandContext context) {
    this.context = context;
  }

  @Override
  public <K> K create(Class<K> type) throws Exception {
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      Class<?>[] parameters = constructor.getParameterTypes();
      if (parameters.length == 1 && parameters[0] == CommandContext.class) {
        constructor.setAccessible(true);
        return type.cast(constructor.newInstance(context));
      }
    }
    return CommandLine.defaultFactory().create(type);
  }
}
