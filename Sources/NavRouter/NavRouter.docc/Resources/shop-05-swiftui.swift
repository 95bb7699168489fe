import NavRouter
import SwiftUI

/// The shop's tabs and stacks, bound to the host's observable model.
struct ShopView: View {
    @Bindable var model: NavigationModel
    let navigation: ShopNavigation

    var body: some View {
        TabView(selection: $model.selectedTab) {
            ForEach(model.tabs) { tab in
                @Bindable var tab = tab
                NavigationStack(path: $tab.path) {
                    Text(tab.root?.route ?? "")
                        .navigationDestination(for: NavigationEntry.self) { entry in
                            Text(entry.url)
                        }
                }
                .tag(tab.index)
            }
        }
        .sheet(isPresented: topLayerIsPresented) {
            Text(model.layers.last?.stack.last?.route ?? "")
        }
    }

    /// Presented while a layer is; dragged down, the router hears the user dismissed it.
    private var topLayerIsPresented: Binding<Bool> {
        Binding(
            get: { !model.layers.isEmpty },
            set: { presented in
                if !presented { model.userDismissed(layer: model.layers.count - 1) }
            }
        )
    }
}
