import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'MapTiles', description: 'The map tiles the dashboard draws deliveries on (the gateway’s TILE_URL and TILE_ATTRIBUTION).' })
export class MapTilesResource {
  @ApiProperty({
    example: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    description: 'An OpenStreetMap-compatible template: `{z}`, `{x}`, `{y}`, optionally `{r}` and `{s}.` as the first label of the host.',
  })
  url_template!: string;

  @ApiProperty({ example: '© OpenStreetMap contributors', description: 'The credit the tile source requires, shown as text in the corner of the map.' })
  attribution!: string;
}

@ApiSchema({ name: 'DashboardConfig', description: 'What the dashboard needs to know of the gateway it runs against.' })
export class DashboardConfigResource {
  @ApiProperty({
    type: MapTilesResource,
    nullable: true,
    description: 'null when no tiles are configured: the dashboard draws a schematic of the route instead of a map.',
  })
  map_tiles!: MapTilesResource | null;
}
